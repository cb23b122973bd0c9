import { withinRetention } from '../rollups/retention.js';
import { DAY_MS, MINUTE_MS, bucketStart, coverWindow } from '../rollups/timeGrid.js';
import type { RollupLevel, WindowPiece } from '../rollups/timeGrid.js';

/** A range of receive time read from the raw hits: `from` inclusive, `to` exclusive. */
export interface RawRange {
  from: number;
  to: number;
}

/** How a read covers its window: rollup pieces plus the raw hits of the partial minutes at its edges. */
export interface WindowPlan {
  pieces: WindowPiece[];
  raw: RawRange[];
}

/**
 * Rollup rows hold whole minutes, but a console window runs from any millisecond to any other
 * (the default one ends now), and the counts must be the raw rows' exactly. So the whole minutes
 * inside [from, to) are read from the rollups (`coverWindow`, moved to coarser levels past their
 * retention), and the less-than-a-minute at each edge from the raw hits: at most two minutes of
 * raw rows by the indexed receive time, whatever the window's length. An edge whose raw rows are
 * gone (older than raw retention) or whose minute was merged into a coarser row is read whole
 * from the rollups instead, as the retention design accepts.
 *
 * A bucket finer than a minute (never asked by the console, whose buckets are 5 minutes, hours or
 * days) cannot come from minute rows: such a read is all raw.
 */
export function planWindow(from: number, to: number, bucketMs: number, coarsest: RollupLevel, now: number, rawDays: number): WindowPlan {
  if (bucketMs % MINUTE_MS !== 0) return { pieces: [], raw: [{ from, to }] };
  const rawKept = now - rawDays * DAY_MS;
  const inner = {
    from: from >= rawKept ? Math.ceil(from / MINUTE_MS) * MINUTE_MS : bucketStart(from, MINUTE_MS),
    to: to >= rawKept ? bucketStart(to, MINUTE_MS) : Math.ceil(to / MINUTE_MS) * MINUTE_MS,
  };
  if (inner.from >= inner.to) return { pieces: [], raw: [{ from, to }] };
  const pieces = withinRetention(coverWindow(inner.from, inner.to, coarsest), now);
  const raw: RawRange[] = [];
  // A piece widened past the inner edge already holds that edge's hits.
  if (from < inner.from && pieces[0]!.from >= inner.from) raw.push({ from, to: inner.from });
  if (inner.to < to && pieces[pieces.length - 1]!.to <= inner.to) raw.push({ from: inner.to, to });
  return { pieces, raw };
}
