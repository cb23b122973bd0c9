import type { MessageNode } from './parseMessage.js';

/** Values of a message's arguments, by name (`{name}`) or position (`{0}`). */
export type MessageValues = Record<string, unknown> | unknown[];

// ICU's named number styles; an unknown style formats as a plain number.
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
  currency: { style: 'currency' },
};

/**
 * Writes a parsed message with its values. A value the message needs but was not given, or a
 * plural/select with no matching option, throws: the caller logs it and falls back.
 */
export function formatMessage(nodes: MessageNode[], values: MessageValues, locale: string, count?: number): string {
  let out = '';
  const valueOf = (name: string): unknown => {
    if (!(name in values)) throw new Error(`no value for "${name}"`);
    return (values as Record<string, unknown>)[name];
  };
  const number = (value: unknown, style?: string) =>
    new Intl.NumberFormat(locale, style ? NUMBER_STYLES[style] : undefined).format(value as number);
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if (node.type === '#') out += number(count);
    else {
      const value = valueOf(node.name);
      if (node.type === 'argument') out += typeof value === 'string' || typeof value === 'number' ? value : value ? String(value) : '';
      else if (node.type === 'number') out += number(value, node.style);
      else {
        const options = node.options ?? {};
        let chosen: MessageNode[] | undefined;
        let inner: number | undefined;
        if (node.type === 'select') chosen = options[String(value)];
        else {
          inner = (value as number) - (node.offset ?? 0);
          const type = node.type === 'plural' ? 'cardinal' : 'ordinal';
          chosen = options[`=${String(value)}`] ?? options[new Intl.PluralRules(locale, { type }).select(inner)];
        }
        chosen ??= options.other;
        if (!chosen) throw new Error(`no option of "${node.name}" for ${String(value)}`);
        out += formatMessage(chosen, values, locale, inner ?? count);
      }
    }
  }
  return out;
}
