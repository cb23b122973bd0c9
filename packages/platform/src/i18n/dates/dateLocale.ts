import { calendarPattern } from './calendar.js';
import { boundedCache } from '../boundedCache.js';
import { compilePattern } from './formatDate.js';
import type { DateLocaleData } from './locales.js';
import { englishDates, spanishDates } from './locales.js';
import { humanizeSpan, spanBetween } from './relativeTime.js';
import { weekOfYear } from './weeks.js';

/** A date or epoch milliseconds. */
export type DateInput = Date | number;

/** The languages whose date formats ship with the platform. */
export type DateLocaleName = 'es' | 'en';

/** Date formatting in one language, with moment 2.30.1's output for the same calls. */
export interface DateLocale {
  /** moment-style pattern (`'D [de] MMMM'`, `'LLLL'` …); defaults to `YYYY-MM-DDTHH:mm:ssZ`. */
  format(date: DateInput, pattern?: string): string;
  /** "in 3 hours" / "hace 3 horas", relative to `now` (default: the current time). */
  fromNow(date: DateInput, now?: DateInput): string;
  /** Words for a length of time in milliseconds, with "in" / "ago" when `withSuffix`. */
  humanize(ms: number, withSuffix?: boolean): string;
  /** "Today at 1:05 PM", "mañana a las 9:00", else the short date. */
  calendar(date: DateInput, now?: DateInput): string;
  /** Week of the year under the language's week rule. */
  week(date: DateInput): number;
  /** Day of the week counted from the language's first day (0-based). */
  weekday(date: DateInput): number;
}

// Unary plus reads both Date and number; anything else becomes an invalid date, never a throw.
const toDate = (input: DateInput | undefined): Date => new Date(input === undefined ? Date.now() : +input);
const valid = (date: Date) => !Number.isNaN(date.getTime());

/**
 * The date locale of `'es'` or `'en'`. It exists so pages format dates exactly as they did with
 * moment and its `es` locale, for a fraction of the bytes; unknown names fall back to English.
 */
export function dateLocale(name: DateLocaleName): DateLocale {
  const data: DateLocaleData = name === 'es' ? spanishDates() : englishDates();
  // Each pattern is compiled once per locale; calendar phrases are a dozen patterns at most.
  const compile = (pattern: string) => compilePattern(data, pattern);
  const patterns = boundedCache<(date: Date) => string>(64);
  const formatDate = (date: Date, pattern = '') => patterns(pattern, compile)(date);
  return {
    format: (date, pattern) => formatDate(toDate(date), pattern),
    fromNow(date, now) {
      const to = toDate(date);
      const from = toDate(now);
      if (!valid(to) || !valid(from)) return data.invalid;
      return humanizeSpan(data, spanBetween(from, to), true);
    },
    humanize: (ms, withSuffix = false) => humanizeSpan(data, { months: 0, ms: Number(ms) }, withSuffix),
    calendar(date, now) {
      const at = toDate(date);
      const from = toDate(now);
      if (!valid(at) || !valid(from)) return data.invalid;
      return formatDate(at, calendarPattern(data, at, from));
    },
    week(date) {
      const at = toDate(date);
      return weekOfYear(at.getFullYear(), at.getMonth(), at.getDate(), data.dow, data.doy).week;
    },
    weekday: (date) => (toDate(date).getDay() + 7 - data.dow) % 7,
  };
}
