import type { CalendarKey, DateLocaleData } from './locales.js';
import { utcOffset } from './weeks.js';

/**
 * Which calendar phrase fits `date` seen from `now`: counts days from the start of `now`'s day,
 * ignoring daylight-saving shifts between the two, as moment's calendar() does.
 */
export function calendarKey(date: Date, now: Date): CalendarKey {
  const startOfDay = new Date(now.getTime());
  startOfDay.setHours(0, 0, 0, 0);
  const shift = (utcOffset(startOfDay) - utcOffset(date)) * 6e4;
  const days = (date.getTime() - startOfDay.getTime() - shift) / 864e5;
  if (days < -6) return 'sameElse';
  if (days < -1) return 'lastWeek';
  if (days < 0) return 'lastDay';
  if (days < 1) return 'sameDay';
  if (days < 2) return 'nextDay';
  return days < 7 ? 'nextWeek' : 'sameElse';
}

/** The calendar pattern for `date` seen from `now` ("[Today at] LT", "L" …). */
export function calendarPattern(locale: DateLocaleData, date: Date, now: Date): string {
  return locale.calendar(calendarKey(date, now), date.getHours());
}
