// Calendar arithmetic on year/month/day numbers in UTC, so daylight-saving shifts in the
// local zone never move a day boundary. Years below 100 are set explicitly because the Date
// constructor would read them as 19xx.

const DAY_MS = 864e5;

/** Days since the epoch of a calendar day (any year, months may overflow). */
export function dayNumber(year: number, month: number, day: number): number {
  return new Date(0).setUTCFullYear(year, month, day) / DAY_MS;
}

/** 1-based day of the year. */
export function dayOfYear(year: number, month: number, day: number): number {
  return dayNumber(year, month, day) - dayNumber(year, 0, 1) + 1;
}

const daysInYear = (year: number): number => dayNumber(year + 1, 0, 1) - dayNumber(year, 0, 1);

// Where week one starts relative to 1 January (0-based, may be negative), for a week starting
// on `dow` whose first week always holds January's (7 + dow - doy)th day.
function firstWeekOffset(year: number, dow: number, doy: number): number {
  const anchor = 7 + dow - doy;
  const anchorWeekday = (7 + new Date(dayNumber(year, 0, anchor) * DAY_MS).getUTCDay() - dow) % 7;
  return anchor - anchorWeekday - 1;
}

const weeksInYear = (year: number, dow: number, doy: number): number =>
  (daysInYear(year) - firstWeekOffset(year, dow, doy) + firstWeekOffset(year + 1, dow, doy)) / 7;

/** Week number and week-year of a day under a week rule (ISO is dow 1, doy 4). */
export function weekOfYear(year: number, month: number, day: number, dow: number, doy: number): { week: number; year: number } {
  const week = Math.floor((dayOfYear(year, month, day) - firstWeekOffset(year, dow, doy) - 1) / 7) + 1;
  if (week < 1) return { week: week + weeksInYear(year - 1, dow, doy), year: year - 1 };
  const total = weeksInYear(year, dow, doy);
  return week > total ? { week: week - total, year: year + 1 } : { week, year };
}

/** Number of days in a month; the month may be outside 0..11 and rolls the year. */
export function daysInMonth(year: number, month: number): number {
  return dayNumber(year, month + 1, 1) - dayNumber(year, month, 1);
}

/** The local UTC offset in minutes east of Greenwich, rounded the way moment rounds it. */
export const utcOffset = (date: Date): number => -Math.round(date.getTimezoneOffset());
