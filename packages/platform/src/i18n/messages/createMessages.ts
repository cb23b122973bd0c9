import type { CompiledMessage, MessageValues } from './compileMessage.js';
import { compileMessage } from './compileMessage.js';
import { parseMessage } from './parseMessage.js';

/** Where messages come from: a map of id → ICU text, or a lookup (read at format time). */
export type MessageSource = Record<string, string> | ((id: string) => string | undefined);

/** What createMessages reports through; the platform logger fits. */
export interface MessagesLogger {
  error(message: unknown, ...extra: unknown[]): void;
}

/** Settings of {@link createMessages}. */
export interface MessagesOptions {
  /** BCP 47 language of the strings; picks plural rules and number formats. */
  locale: string;
  /** Read on every call, so strings merged later (dynamic components) are found. */
  strings: MessageSource;
  logger?: MessagesLogger;
}

/** Formats one message by id. */
export interface Messages {
  format(id: string, values?: MessageValues): string;
}

// The last resort for a broken message: {name} and {0} replaced by their values, the rest kept.
const substitute = (text: string, values: MessageValues): string =>
  text.replace(/\{\s*(\w+)\s*\}/g, (whole, name: string) => (name in values ? String((values as Record<string, unknown>)[name]) : whole));

// Shared by calls without values, so they allocate nothing; never written to.
const NO_VALUES: MessageValues = {};

/**
 * The page's message formatter: ICU MessageFormat (placeholders, plural, selectordinal, select,
 * number) in a few hundred bytes. A missing id shows `MISSING STRING [id]` so gaps are visible
 * on the page; a message that cannot be formatted is logged and shown with plain substitution,
 * because a half-right sentence beats a broken page.
 */
export function createMessages({ locale, strings, logger }: MessagesOptions): Messages {
  // One compiled message per id, remade only when the id's text changes (strings are read on
  // every call, so a merge may replace them); the text is kept to notice that.
  const compiled = new Map<string, { text: string; run: CompiledMessage }>();
  return {
    format(id, values = NO_VALUES) {
      const text = typeof strings === 'function' ? strings(id) : Object.hasOwn(strings, id) ? strings[id] : undefined;
      if (typeof text !== 'string') return `MISSING STRING [${id}]`;
      try {
        let entry = compiled.get(id);
        if (entry?.text !== text) compiled.set(id, (entry = { text, run: compileMessage(parseMessage(text), locale) }));
        return entry.run(values);
      } catch (error) {
        try {
          logger?.error(`String formatting error for message ${id}`, String(error));
        } catch {
          // a failing logger must not break the page either
        }
        return substitute(text, values);
      }
    },
  };
}
