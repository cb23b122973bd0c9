import type { IntlFunction } from '../intlCache.js';
import { numberFormat, pluralCategory } from '../intlCache.js';
import type { ArgumentNode, MessageNode } from './parseMessage.js';

/** Values of a message's arguments, by name (`{name}`) or position (`{0}`). */
export type MessageValues = Record<string, unknown> | unknown[];

type Values = Record<string, unknown>;
// Writes one piece of a message; `count` is what `#` stands for inside a plural.
type Writer = (values: Values, count: number) => string;

/** A message turned into a function of its values, so formatting never walks the parse tree. */
export type CompiledMessage = (values: MessageValues) => string;

// A message that needs a value it was not given throws: the caller logs it and falls back.
function valueOf(values: Values, name: string): unknown {
  const value = values[name];
  if (value === undefined && !(name in values)) throw new Error(`no value for "${name}"`);
  return value;
}

// Selectors live in prototype-less objects, so a value such as "constructor" matches nothing.
const table = (): Record<string, Writer> => Object.create(null) as Record<string, Writer>;

function choice(node: ArgumentNode, locale: string): Writer {
  const { name, type } = node;
  const offset = node.offset ?? 0;
  const options = table();
  let exact: Record<string, Writer> | undefined;
  for (const [selector, body] of Object.entries(node.options ?? {})) {
    const write = sequence(body, locale);
    // "=2" matches the value itself (before the offset) as text, as intl-messageformat does.
    if (type !== 'select' && selector[0] === '=') (exact ??= table())[selector.slice(1)] = write;
    else options[selector] = write;
  }
  const other = options.other as Writer;
  if (type === 'select') return (values, count) => (options[valueOf(values, name) as string] ?? other)(values, count);
  // The rules are looked up on first use, not at compile time, like every Intl object here.
  let category: IntlFunction | undefined;
  return (values) => {
    const value = valueOf(values, name);
    const inner = (value as number) - offset;
    const chosen =
      exact?.[value as string] ??
      options[(category ??= pluralCategory(locale, type === 'plural' ? 'cardinal' : 'ordinal'))(inner)] ??
      other;
    return chosen(values, inner);
  };
}

function piece(node: MessageNode, locale: string): string | Writer {
  if (typeof node === 'string') return node;
  // Number formats are made on first use: a `currency` style without a currency throws only
  // when its branch is reached, as with intl-messageformat.
  let format: IntlFunction | undefined;
  if (node.type === '#') return (_values, count) => (format ??= numberFormat(locale))(count);
  const { name } = node;
  if (node.type === 'number') return (values) => (format ??= numberFormat(locale, node.style))(valueOf(values, name));
  if (node.type !== 'argument') return choice(node, locale);
  return (values) => {
    const value = valueOf(values, name);
    return typeof value === 'string' ? value : typeof value === 'number' || value ? String(value) : '';
  };
}

function sequence(nodes: MessageNode[], locale: string): Writer {
  const pieces = nodes.map((node) => piece(node, locale));
  const only = pieces[0];
  if (pieces.length === 1) return typeof only === 'string' ? () => only : (only as Writer);
  return (values, count) => {
    let out = '';
    for (let i = 0; i < pieces.length; i++) {
      const each = pieces[i] as string | Writer;
      out += typeof each === 'string' ? each : each(values, count);
    }
    return out;
  };
}

/**
 * Turns a parsed message into a function of its values for one locale. Plural rules and number
 * formats come from the shared Intl cache, so formatting allocates only the output string.
 */
export function compileMessage(nodes: MessageNode[], locale: string): CompiledMessage {
  const write = sequence(nodes, locale);
  return (values) => write(values as Values, 0);
}
