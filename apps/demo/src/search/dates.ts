/**
 * `yyyy-mm-dd` in local time, the format `<input type="date">` speaks. `toISOString` would
 * use UTC and show yesterday's date to anyone east of Greenwich late at night.
 */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new date `days` calendar days later, for sensible default trip dates. */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/**
 * The local day an `<input type="date">` value names, or undefined while it is empty or half
 * typed. `new Date('2026-01-05')` would read it as UTC midnight, the day before in the Americas.
 */
export function fromDateInputValue(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
