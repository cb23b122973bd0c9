import type { DateLocaleData } from './locales.js';
import { daysInMonth } from './weeks.js';

const DAY_MS = 864e5;
// moment's average month: 146097 days per 400 years.
const monthsToDays = (months: number) => (months * 146097) / 4800;
const daysToMonths = (days: number) => (days * 4800) / 146097;

/** A span as moment keeps it: whole calendar months plus milliseconds. */
export interface Span {
  months: number;
  ms: number;
}

// The date `months` calendar months later, keeping the wall-clock time and clamping the day
// (31 January + 1 month is 28 or 29 February).
function addMonths(from: Date, months: number): number {
  // Setting the month re-reads the wall clock, which would move a time in a repeated DST hour.
  if (months === 0) return from.getTime();
  const date = new Date(from.getTime());
  const target = date.getMonth() + months;
  const day = date.getDate();
  date.setMonth(target, day < 29 ? day : Math.min(day, daysInMonth(date.getFullYear(), target)));
  return date.getTime();
}

function forwardSpan(base: Date, other: Date): Span {
  let months = other.getMonth() - base.getMonth() + (other.getFullYear() - base.getFullYear()) * 12;
  if (addMonths(base, months) > other.getTime()) months--;
  return { months, ms: other.getTime() - addMonths(base, months) };
}

/** The span from `from` to `to` in calendar months and milliseconds, negative when `to` is earlier. */
export function spanBetween(from: Date, to: Date): Span {
  if (from.getTime() < to.getTime()) return forwardSpan(from, to);
  const back = forwardSpan(to, from);
  return { months: -back.months, ms: -back.ms };
}

/**
 * Words for a span ("3 hours", "hace 3 horas") with moment's thresholds: up to 44 s is "a few
 * seconds", under 45 minutes counts minutes, under 22 hours hours, under 26 days days, under 11
 * months months, then years.
 */
export function humanizeSpan(locale: DateLocaleData, span: Span, withSuffix: boolean): string {
  if (!Number.isFinite(span.ms) || !Number.isFinite(span.months)) return locale.invalid;
  const months = Math.abs(span.months);
  const ms = Math.abs(span.ms);
  const days = Math.round(monthsToDays(months));
  const round = Math.round;
  const seconds = round(days * 86400 + ms / 1e3);
  const minutes = round(days * 1440 + ms / 6e4);
  const hours = round(days * 24 + ms / 36e5);
  const wholeDays = round(days + ms / DAY_MS);
  const exactMonths = months + daysToMonths(ms / DAY_MS);
  const monthCount = round(exactMonths);
  const years = round(exactMonths / 12);
  const [key, count] =
    seconds <= 44 ? ['s', seconds]
    : minutes <= 1 ? ['m', 1]
    : minutes < 45 ? ['mm', minutes]
    : hours <= 1 ? ['h', 1]
    : hours < 22 ? ['hh', hours]
    : wholeDays <= 1 ? ['d', 1]
    : wholeDays < 26 ? ['dd', wholeDays]
    : monthCount <= 1 ? ['M', 1]
    : monthCount < 11 ? ['MM', monthCount]
    : years <= 1 ? ['y', 1]
    : ['yy', years];
  const words = (locale.relative[key] ?? '').replace('%d', String(count));
  if (!withSuffix) return words;
  // Future or past by the span's length in milliseconds, counted as moment counts it.
  const sign = Math.round(monthsToDays(span.months)) * DAY_MS + span.ms;
  return (locale.relative[sign > 0 ? 'future' : 'past'] ?? '%s').replace('%s', words);
}
