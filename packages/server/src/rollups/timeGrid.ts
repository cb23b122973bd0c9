/**
 * The one time grid every console view and every rollup level shares. Rollups are kept per
 * minute, hour and UTC day; a chart's bucket is 5 minutes, an hour or a day depending on the span
 * of its window; both are whole multiples of the epoch, so they line up with UTC midnight and
 * with each other (a day bucket is exactly 24 hour rows, an hour bucket 60 minute rows).
 */

export type RollupLevel = 'minute' | 'hour' | 'day';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Each level's row width, finest first. */
export const LEVEL_MS: Readonly<Record<RollupLevel, number>> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };
export const LEVELS: readonly RollupLevel[] = ['minute', 'hour', 'day'];

/** The longest window a view may ask for: day rollups are kept 13 months. */
export const MAX_WINDOW_MS = 397 * DAY_MS;

/** A window of receive time, `from` inclusive, `to` exclusive, and the width of its chart buckets. */
export interface TimeGrid {
  from: number;
  to: number;
  bucketMs: number;
}

/** The start of the bucket of `bucketMs` that holds `time` (UTC-aligned, since epoch 0 is midnight). */
export function bucketStart(time: number, bucketMs: number): number {
  return Math.floor(time / bucketMs) * bucketMs;
}

/**
 * The chart bucket for a window of `spanMs`: 5 minutes up to 6 hours, an hour up to 3 days, a
 * day beyond, so a chart has between a dozen and a few hundred points (13 months of days).
 */
export function bucketFor(spanMs: number): number {
  if (spanMs <= 6 * HOUR_MS) return 5 * MINUTE_MS;
  if (spanMs <= 3 * DAY_MS) return HOUR_MS;
  return DAY_MS;
}

/** The coarsest rollup level whose rows fit whole inside one bucket of `bucketMs`. */
export function levelFor(bucketMs: number): RollupLevel {
  if (bucketMs % DAY_MS === 0) return 'day';
  if (bucketMs % HOUR_MS === 0) return 'hour';
  return 'minute';
}

/** One piece of a window read from one rollup level: rows with `from <= start < to`. */
export interface WindowPiece {
  level: RollupLevel;
  from: number;
  to: number;
}

/**
 * The pieces that cover `[from, to)` (widened to whole minutes) with the fewest rows: whole days
 * from the day level, the hours around them from the hour level, the minutes at the edges from
 * the minute level, no level coarser than `coarsest` (a chart's bucket level, so no row straddles
 * two buckets). A 30-day window reads about 30 + 46 + 118 rows per series instead of 43,200.
 */
export function coverWindow(from: number, to: number, coarsest: RollupLevel = 'day'): WindowPiece[] {
  const pieces: WindowPiece[] = [];
  const split = (start: number, end: number, levelIndex: number): void => {
    if (start >= end) return;
    const level = LEVELS[levelIndex]!;
    if (levelIndex === 0) {
      pieces.push({ level, from: start, to: end });
      return;
    }
    const width = LEVEL_MS[level];
    const innerStart = Math.ceil(start / width) * width;
    const innerEnd = bucketStart(end, width);
    if (innerStart >= innerEnd) {
      split(start, end, levelIndex - 1);
      return;
    }
    split(start, innerStart, levelIndex - 1);
    pieces.push({ level, from: innerStart, to: innerEnd });
    split(innerEnd, end, levelIndex - 1);
  };
  split(bucketStart(from, MINUTE_MS), Math.ceil(to / MINUTE_MS) * MINUTE_MS, LEVELS.indexOf(coarsest));
  return pieces.sort((a, b) => a.from - b.from);
}
