import type { MessageValues } from './formatMessage.js';
import { formatMessage } from './formatMessage.js';
import type { MessageNode } from './parseMessage.js';
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

/**
 * The page's message formatter: ICU MessageFormat (placeholders, plural, selectordinal, select,
 * number) in a few hundred bytes. A missing id shows `MISSING STRING [id]` so gaps are visible
 * on the page; a message that cannot be formatted is logged and shown with plain substitution,
 * because a half-right sentence beats a broken page.
 */
export function createMessages({ locale, strings, logger }: MessagesOptions): Messages {
  const parsed = new Map<string, MessageNode[]>();
  return {
    format(id, values = {}) {
      const text = typeof strings === 'function' ? strings(id) : Object.hasOwn(strings, id) ? strings[id] : undefined;
      if (typeof text !== 'string') return `MISSING STRING [${id}]`;
      try {
        const key = `${id}\u0000${text}`;
        let nodes = parsed.get(key);
        if (!nodes) parsed.set(key, (nodes = parseMessage(text)));
        return formatMessage(nodes, values, locale);
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
