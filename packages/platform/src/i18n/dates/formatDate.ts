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

/** A numeric field of the date for a token without padding or ordinal; undefined if not numeric. */
function numeric(token: string, date: Date, locale: DateLocaleData): number | undefined {
  const year = date.getFullYear();
  const month = date.getMonth();
  const day = date.getDate();
  const weekday = date.getDay();
  const hours = date.getHours();
  const week = (dow: number, doy: number) => weekOfYear(year, month, day, dow, doy);
  switch (token) {
    case 'M': return month + 1;
    case 'Q': return Math.ceil((month + 1) / 3);
    case 'D': return day;
    case 'DDD': return dayOfYear(year, month, day);
    case 'd': return weekday;
    case 'e': return (weekday + 7 - locale.dow) % 7;
    case 'E': return weekday || 7;
    case 'H': return hours;
    case 'h': return hours % 12 || 12;
    case 'k': return hours || 24;
    case 'm': return date.getMinutes();
    case 's': return date.getSeconds();
    case 'w': return week(locale.dow, locale.doy).week;
    case 'W': return week(1, 4).week;
    case 'g': return week(locale.dow, locale.doy).year;
    case 'G': return week(1, 4).year;
    case 'Y': return year;
    case 'X': return Math.floor(date.getTime() / 1000);
    case 'x': return date.getTime();
  }
  return undefined;
}

/** The text of one token, or undefined when the token is literal text. */
function tokenText(token: string, date: Date, locale: DateLocaleData, pattern: string): string | undefined {
  const first = token[0] ?? '';
  const size = token.length;
  if (size > 1 && token.endsWith('o')) {
    const value = numeric(token.slice(0, -1), date, locale);
    return value === undefined ? undefined : locale.ordinal(value);
  }
  if (token === 'MMM') return locale.monthsShort(date.getMonth(), pattern);
  if (token === 'MMMM') return locale.months[date.getMonth()];
  if (first === 'd' && size > 1) {
    const names = size === 2 ? locale.weekdaysMin : size === 3 ? locale.weekdaysShort : locale.weekdays;
    return names[date.getDay()];
  }
  if (first === 'a' || first === 'A') {
    const meridiem = date.getHours() > 11 ? 'pm' : 'am';
    return first === 'a' ? meridiem : meridiem.toUpperCase();
  }
  if (first === 'S') {
    const ms = date.getMilliseconds();
    return zeroFill(size > 3 ? ms * 10 ** (size - 3) : Math.trunc(ms / 10 ** (3 - size)), size);
  }
  if (first === 'Z') {
    const offset = utcOffset(date);
    const minutes = Math.abs(offset);
    return (offset < 0 ? '-' : '+') + zeroFill(Math.trunc(minutes / 60), 2) + (size === 1 ? ':' : '') + zeroFill(minutes % 60, 2);
  }
  if (first === 'D' && size > 2) return zeroFill(numeric('DDD', date, locale) ?? 0, size === 4 ? 3 : 1);
  const value = numeric(first, date, locale);
  if (value === undefined) return undefined;
  // Years and week-years: two digits for YY gg GG, four for YYYY gggg GGGG.
  if (first === 'Y' || first === 'g' || first === 'G') return size === 2 ? zeroFill(value % 100, 2) : zeroFill(value, 4);
  // Doubled tokens (MM, DD, HH, ww …) pad to two digits.
  return zeroFill(value, size);
}

/**
 * Formats a valid date with a moment-style pattern in a locale; invalid dates give the
 * locale's "invalid date" text.
 */
export function formatDate(locale: DateLocaleData, date: Date, pattern?: string): string {
  if (Number.isNaN(date.getTime())) return locale.invalid;
  const expanded = expandPattern(locale, pattern || DEFAULT_PATTERN);
  return expanded.replace(TOKENS, (token) => {
    const text = token[0] === '\\' ? undefined : tokenText(token, date, locale, expanded);
    if (text !== undefined) return text;
    if (token[0] === '[' && token.length > 1) return token.slice(1, -1);
    return token.replace(/\\/g, '');
  });
}
