import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';
import { createMessages } from './createMessages.js';
import { parseMessage } from './parseMessage.js';
import type * as ParseModule from './parseMessage.js';

// The real parser, watched, to count how often messages are parsed.
vi.mock('./parseMessage.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ParseModule>();
  return { ...actual, parseMessage: vi.fn(actual.parseMessage) };
});

// intl-messageformat is the oracle; tags are plain text in our formatter, so it ignores them too.
const oracle = (text: string, locale: string, values: Record<string, unknown>) =>
  String(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(values));

const MESSAGES = [
  'Hello, {name}!',
  'No arguments at all',
  '{count, plural, one {# result} other {# results}}',
  '{count, plural, =0 {no results} one {one result} other {# results}}',
  '{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
  '{count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place',
  '{gender, select, female {She} male {He} other {They}} booked {count, plural, one {a flight} other {# flights}}',
  'Price: {price, number} ({share, number, percent}) ~ {price, number, integer}',
  '{count, plural, one {# día} many {# de días} other {# días}}',
  "It''s {name}''s trip",
  "Quoted '{braces}' stay and '#' too",
  "{count, plural, other {'#' is # and '{x}' is literal}}",
  'Top-level } brace and <b>tag</b> text',
  '{ name } with spaces {count , plural , one { # x } other { # y } }',
  '{gender, select, female {{count, plural, one {her # trip} other {her # trips}}} other {{count, plural, one {# trip} other {# trips}}}}',
  '{0} and {1}',
  "A lone ' apostrophe and a '' pair",
  '{count, number} {count, number, integer} hotels',
  '{count, plural, =1 {exactly one} =5 {five} other {#}}',
  '{count, plural, offset:2 =0 {none} =2 {two} =256 {many} one {# more than two} other {# more ({count, number} in all)}}',
  '{count, plural, one {{gender, select, female {her # trip} other {their # trip}}} other {{gender, select, female {her trips: #} other {# trips}}}}',
  '{count, plural, one {# {nights, plural, one {# night} other {# nights}}} other {# rooms, {nights, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} night}}',
  '{count, selectordinal, =2 {second} other {#th}} {share, number, fancy} {count, number, percent}',
  '{gender, select, constructor {odd} other {fine}} {count, plural, other {#}}',
];

// Counts on both sides of the remembered small numbers (0…255), and values that are not plain
// whole numbers: a fraction, -0 (written "-0"), a numeric string.
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 23, 100, 101, 255, 256, 1000, 1000000, 1.5, -1, 0.25, -0, '3'];

describe('createMessages against intl-messageformat', () => {
  it.each(['en', 'es'])('formats every message and count in %s like intl-messageformat', (locale) => {
    let checked = 0;
    for (const text of MESSAGES) {
      const messages = createMessages({ locale, strings: { m: text } });
      for (const count of COUNTS) {
        for (const [nights, gender] of ['female', 'male', 'x'].entries()) {
          const number = Number(count);
          const values = { name: 'Ana', count, gender, nights, price: number * 1234.5, share: number / 7, 0: 'zero', 1: count };
          expect(messages.format('m', values), text).toBe(oracle(text, locale, values));
          checked++;
        }
      }
    }
    expect(checked).toBe(MESSAGES.length * COUNTS.length * 3);
  });
});

describe('createMessages', () => {
  it('shows a missing id in place', () => {
    const messages = createMessages({ locale: 'en', strings: {} });
    expect(messages.format('search.title')).toBe('MISSING STRING [search.title]');
  });

  it('logs a message that fails and falls back to plain substitution', () => {
    const logger = { error: vi.fn() };
    const messages = createMessages({
      locale: 'es',
      strings: { broken: 'Hola {name}, {count, plural, one {# vuelo}', positional: '{0} → {1} {n, date}' },
      logger,
    });
    expect(messages.format('broken', { name: 'Ana', count: 2 })).toBe('Hola Ana, {count, plural, one {# vuelo}');
    expect(logger.error).toHaveBeenCalledWith('String formatting error for message broken', expect.any(String));
    expect(messages.format('positional', ['MAD', 'BCN'])).toBe('MAD → BCN {n, date}');
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('treats a missing value as a formatting error, like intl-messageformat', () => {
    const logger = { error: vi.fn() };
    const messages = createMessages({ locale: 'en', strings: { m: '{count, plural, one {#} other {#}} for {name}' }, logger });
    expect(() => oracle('{count, plural, one {#} other {#}} for {name}', 'en', { count: 1 })).toThrow();
    expect(messages.format('m', { count: 1 })).toBe('{count, plural, one {#} other {#}} for {name}');
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('parses each message once, and again only when its text changes', () => {
    const strings: Record<string, string> = { a: '{n, plural, one {# night} other {# nights}}', b: 'Hello {name}' };
    const messages = createMessages({ locale: 'en', strings });
    vi.mocked(parseMessage).mockClear();
    for (let n = 0; n < 5; n++) expect(messages.format('a', { n })).toBe(n === 1 ? '1 night' : `${n} nights`);
    messages.format('b', { name: 'Ana' });
    messages.format('b', { name: 'Luis' });
    expect(parseMessage).toHaveBeenCalledTimes(2);
    strings.a = '{n} noches';
    expect(messages.format('a', { n: 3 })).toBe('3 noches');
    expect(parseMessage).toHaveBeenCalledTimes(3);
  });

  it('reads strings at format time, so strings merged later are found', () => {
    const strings: Record<string, string> = {};
    const messages = createMessages({ locale: 'en', strings });
    expect(messages.format('late')).toBe('MISSING STRING [late]');
    strings.late = 'here {n}';
    expect(messages.format('late', { n: 1 })).toBe('here 1');
    expect(createMessages({ locale: 'en', strings: (id) => `<${id}>` }).format('x')).toBe('<x>');
  });
});
