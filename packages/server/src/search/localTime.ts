/** A calendar day `yyyy-mm-dd` as a UTC midnight in ms, or NaN when it is no real day (02-30). */
export function dayMs(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : NaN;
}

/** Whole days from one calendar day to another. */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / 86_400_000);

/**
 * The local wall-clock time `minutes` after midnight of `day`, as `yyyy-mm-ddThh:mm`: the UTC
 * fields of a shifted instant carry local times without any time-zone database.
 */
export function localTime(day: string, minutes: number): string {
  return new Date(dayMs(day) + minutes * 60_000).toISOString().slice(0, 16);
}
