import type { MessageSource } from '@tarmac/platform/i18n';
import { resources } from '@tarmac/platform/loader';
import type { DemoLocale } from './pageLocale';
import en from './strings.en.json' with { type: 'json' };
import es from './strings.es.json' with { type: 'json' };

/**
 * The page shell's own strings (header, hero, search form, tools, footer) per language. They are
 * bundled with the page because the shell renders before any dynamic component has loaded; the
 * dynamic components keep bringing theirs through the loader.
 */
export const shellStrings: Record<DemoLocale, Record<string, string>> = { en, es };

/**
 * One message source for the whole page: the shell's strings first, then whatever the loaded
 * dynamic components brought (read at format time, so later loads are found).
 */
export function pageStrings(locale: DemoLocale): MessageSource {
  const shell = shellStrings[locale];
  return (id) => (Object.hasOwn(shell, id) ? shell[id] : resources.strings()[id]);
}
