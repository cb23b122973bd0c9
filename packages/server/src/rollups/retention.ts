import { DAY_MS, LEVEL_MS, LEVELS } from './timeGrid.js';
import type { RollupLevel, WindowPiece } from './timeGrid.js';

/**
 * How long each rollup level is kept (the figures): minute rows two weeks, hour rows a
 * quarter, day rows 13 months, the longest window a view may ask for. Raw rows are kept
 * `RETENTION_RAW_DAYS` (30 by default), read by {@link rawRetentionDays}.
 */
export const ROLLUP_RETENTION_DAYS: Readonly<Record<RollupLevel, number>> = { minute: 14, hour: 90, day: 397 };

/** The oldest row start a level still holds at `now`: rows older than this may have been purged. */
export function oldestKept(level: RollupLevel, now: number): number {
  const cutoff = now - ROLLUP_RETENTION_DAYS[level] * DAY_MS;
  return Math.ceil(cutoff / LEVEL_MS[level]) * LEVEL_MS[level];
}

/**
 * Moves every piece that reaches back past its level's retention to the next coarser level that
 * still holds it, widening its edges to that level's rows: a 30-day window's first partial hour
 * is read from hour rows (whole) once its minute rows are gone, rather than silently missing.
 * Pieces stay disjoint and in order, since each covers whole rows of the level it ends up on.
 */
export function withinRetention(pieces: readonly WindowPiece[], now: number): WindowPiece[] {
  const out: WindowPiece[] = [];
  for (const piece of pieces) {
    let level = piece.level;
    let { from, to } = piece;
    for (let i = LEVELS.indexOf(level); i < LEVELS.length - 1 && from < oldestKept(level, now); i++) {
      level = LEVELS[i + 1]!;
      from = Math.floor(from / LEVEL_MS[level]) * LEVEL_MS[level];
      to = Math.ceil(to / LEVEL_MS[level]) * LEVEL_MS[level];
    }
    const last = out[out.length - 1];
    if (last && last.level === level && last.to >= from) last.to = Math.max(last.to, to);
    else if (last && last.to > from) {
      // Widening overlapped what the previous piece covers: keep only the uncovered remainder.
      if (to > last.to) out.push({ level, from: last.to, to });
    } else out.push({ level, from, to });
  }
  return out;
}

/** Days raw rows are kept: `RETENTION_RAW_DAYS` or 30; anything else than a positive number is refused. */
export function rawRetentionDays(given?: number, env: NodeJS.ProcessEnv = process.env): number {
  const days = given ?? Number(env.RETENTION_RAW_DAYS ?? 30);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`raw retention must be a positive number of days, got ${days}`);
  return days;
}
