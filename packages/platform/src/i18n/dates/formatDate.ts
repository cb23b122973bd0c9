import type { DateLocaleData } from './locales.js';
import { dayOfYear, utcOffset, weekOfYear } from './weeks.js';

// Long-format names (LT … LLLL, l … llll), skipping [escaped text] and \escaped letters.
const LONG_TOKENS = /\[[^[]*\]|\\?(?:LTS|LT|L{1,4}|l{1,4})/g;
// One format token, [escaped text] or a single other character; same greed as moment's.
const TOKENS = /\[[^[]*\]|\\?(?:Mo|M{1,4}|DDDo|Do|D{1,4}|d{2,4}|do?|w[ow]?|W[oW]?|Qo?|YYYY|YY|G{4}|GG|g{4}|gg|([Hhkms])\1?|S{1,9}|ZZ?|[eEaAxX]|.)/g;

/** moment's default pattern, used when none is given. */
export const DEFAULT_PATTERN = 'YYYY-MM-DDTHH:mm:ssZ';

/** Pads like moment's zeroFill: the sign first, then zeros up to `length` digits. */
export function zeroFill(value: number, length: number): string {
  // Most fields are 0…99 in one or two digits: no need to build the padding.
  if (length <= 2 && value >= 0 && value < 100) return length === 2 && value < 10 ? `0${value}` : String(value);
  const digits = String(Math.abs(value));
  return (value < 0 ? '-' : '') + '0'.repeat(Math.max(0, length - digits.length)) + digits;
}

/** The pattern a long-format name stands for in a locale, or undefined when it is not one. */
function longFormat(locale: DateLocaleData, name: string): string | undefined {
  const upper = locale.long[name.toUpperCase()];
  if (name === name.toUpperCase() || upper === undefined) return upper;
  // l, ll, lll, llll: the upper-case form with shorter month, day and weekday fields.
  return upper.replace(/\[[^[]*\]|MMMM|MM|DD|dddd/g, (t) => (t[0] === '[' ? t : t.slice(1)));
}

/** Replaces the long-format names of a pattern by what they stand for. */
export function expandPattern(locale: DateLocaleData, pattern: string): string {
  return pattern.replace(LONG_TOKENS, (name) => longFormat(locale, name) ?? name);
}

type Field = (date: Date, locale: DateLocaleData) => number;
type Writer = (date: Date) => string;

const weekOf = (date: Date, dow: number, doy: number) => weekOfYear(date.getFullYear(), date.getMonth(), date.getDate(), dow, doy);

// The numeric field each token letter (or DDD) reads, before padding or ordinal. Keys are
// single characters or DDD, so no lookup can reach Object.prototype's names.
const FIELDS: Record<string, Field> = {
  M: (date) => date.getMonth() + 1,
  Q: (date) => Math.ceil((date.getMonth() + 1) / 3),
  D: (date) => date.getDate(),
  DDD: (date) => dayOfYear(date.getFullYear(), date.getMonth(), date.getDate()),
  d: (date) => date.getDay(),
  e: (date, locale) => (date.getDay() + 7 - locale.dow) % 7,
  E: (date) => date.getDay() || 7,
  H: (date) => date.getHours(),
  h: (date) => date.getHours() % 12 || 12,
  k: (date) => date.getHours() || 24,
  m: (date) => date.getMinutes(),
  s: (date) => date.getSeconds(),
  w: (date, locale) => weekOf(date, locale.dow, locale.doy).week,
  W: (date) => weekOf(date, 1, 4).week,
  g: (date, locale) => weekOf(date, locale.dow, locale.doy).year,
  G: (date) => weekOf(date, 1, 4).year,
  Y: (date) => date.getFullYear(),
  X: (date) => Math.floor(date.getTime() / 1000),
  x: (date) => date.getTime(),
};

/** What writes one token for a date, or undefined when the token is literal text. */
function tokenWriter(token: string, locale: DateLocaleData, pattern: string): Writer | undefined {
  const first = token[0] ?? '';
  const size = token.length;
  if (size > 1 && token.endsWith('o')) {
    const field = FIELDS[token.slice(0, -1)];
    return field && ((date) => locale.ordinal(field(date, locale)));
  }
  if (token === 'MMM') {
    // Spanish short months depend on the whole pattern, which is fixed here.
    const names = locale.months.map((_, month) => locale.monthsShort(month, pattern));
    return (date) => names[date.getMonth()] as string;
  }
  if (token === 'MMMM') return (date) => locale.months[date.getMonth()] as string;
  if (first === 'd' && size > 1) {
    const names = size === 2 ? locale.weekdaysMin : size === 3 ? locale.weekdaysShort : locale.weekdays;
    return (date) => names[date.getDay()] as string;
  }
  if (first === 'a' || first === 'A') {
    const [am, pm] = first === 'a' ? ['am', 'pm'] : ['AM', 'PM'];
    return (date) => (date.getHours() > 11 ? pm : am) as string;
  }
  if (first === 'S') {
    return (date) => {
      const ms = date.getMilliseconds();
      return zeroFill(size > 3 ? ms * 10 ** (size - 3) : Math.trunc(ms / 10 ** (3 - size)), size);
    };
  }
  if (first === 'Z') {
    return (date) => {
      const offset = utcOffset(date);
      const minutes = Math.abs(offset);
      return (offset < 0 ? '-' : '+') + zeroFill(Math.trunc(minutes / 60), 2) + (size === 1 ? ':' : '') + zeroFill(minutes % 60, 2);
    };
  }
  const days = first === 'D' && size > 2;
  const field = FIELDS[days ? 'DDD' : first];
  if (!field) return undefined;
  if (days) return (date) => zeroFill(field(date, locale), size === 4 ? 3 : 1);
  // Years and week-years: two digits for YY gg GG, four for YYYY gggg GGGG.
  if (first === 'Y' || first === 'g' || first === 'G') return (date) => (size === 2 ? zeroFill(field(date, locale) % 100, 2) : zeroFill(field(date, locale), 4));
  // Doubled tokens (MM, DD, HH, ww …) pad to two digits.
  return (date) => zeroFill(field(date, locale), size);
}

/**
 * Turns a moment-style pattern into a function of the date, so the pattern is expanded and
 * split into tokens once rather than on every call (moment keeps its patterns compiled too).
 */
export function compilePattern(locale: DateLocaleData, pattern: string): Writer {
  const expanded = expandPattern(locale, pattern || DEFAULT_PATTERN);
  const pieces: (string | Writer)[] = [];
  let literal = '';
  // Characters no token reads (line breaks outside brackets) are dropped, as moment drops them.
  for (const [token] of expanded.matchAll(TOKENS)) {
    const writer = token[0] === '\\' ? undefined : tokenWriter(token, locale, expanded);
    if (writer) {
      if (literal) pieces.push(literal);
      pieces.push(writer);
      literal = '';
    } else literal += token[0] === '[' && token.length > 1 ? token.slice(1, -1) : token.replace(/\\/g, '');
  }
  if (literal) pieces.push(literal);
  return (date) => {
    if (Number.isNaN(date.getTime())) return locale.invalid;
    let out = '';
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string | Writer;
      out += typeof piece === 'string' ? piece : piece(date);
    }
    return out;
  };
}
