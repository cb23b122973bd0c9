/** The order a language writes a numeric date in: day first (es, 07/12/2026) or month first (en). */
export type DayOrder = 'DMY' | 'MDY';

/** Numeric date order per page language, as its `L` format (moment's) writes dates. */
export const dayOrderOf = (locale: string): DayOrder => (locale === 'en' ? 'MDY' : 'DMY');

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A `yyyy-mm-dd` value as the page's language writes it (`07/12/2026` in Spanish, `12/07/2026` in
 * English); anything else (half-typed text kept as the value) is returned as it is.
 */
export function formatDayText(value: string, order: DayOrder): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return order === 'DMY' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/**
 * What a visitor typed, read in the page's order: `/`, `.`, `-` or spaces between the parts, a
 * two-digit year in this century. The `yyyy-mm-dd` value of a real calendar day, or undefined.
 */
export function parseDayText(text: string, order: DayOrder): string | undefined {
  const parts = text.trim().split(/[\s./-]+/);
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return undefined;
  const [first, second, third] = parts.map(Number) as [number, number, number];
  const [day, month] = order === 'DMY' ? [first, second] : [second, first];
  const year = parts[2]!.length <= 2 ? 2000 + third : third;
  if (parts[2]!.length === 3 || year < 1900) return undefined;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}
