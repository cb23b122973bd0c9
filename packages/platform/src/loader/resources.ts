import { pageState } from './pageState.js';

const substitute = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\s*(\w+)\s*\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * The strings, images, properties and resources that loaded components brought with them,
 * page-wide. `string` does plain `{name}` substitution (ICU plural/select: i18n's createMessages
 * over `resources.strings()`); a missing string reads `MISSING STRING [id]` so gaps show.
 */
export const resources = {
  string(id: string, values?: Record<string, unknown>): string {
    const text = pageState().strings[id];
    if (text === undefined) return `MISSING STRING [${id}]`;
    return values ? substitute(text, values) : text;
  },
  /** URL of an image by id. */
  image: (id: string): string | undefined => pageState().images[id],
  property: (id: string): unknown => pageState().properties[id],
  resource: (id: string): unknown => pageState().resources[id],
  /** The live string map (it grows as components load), for a message formatter to read. */
  strings: (): Record<string, string> => pageState().strings,
};
