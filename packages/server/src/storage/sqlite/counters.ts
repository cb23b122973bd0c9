import type { Database } from 'better-sqlite3';
import type { CounterPort } from '../../http/ports.js';
import type { GroupCommit } from './groupCommit.js';

/** Ended windows are swept at most this often, so a sweep is never on every request. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window request counters on SQLite (`request_counters`, migration 12). A window is
 * `[k·windowMs, (k+1)·windowMs)`; its row is keyed by its end, so counting is one upsert that
 * answers the new count. Rows of ended windows are deleted in the same group commit, at most once
 * a minute.
 */
export function createSqliteCounters(db: Database, writes: GroupCommit): CounterPort {
  const bump = db.prepare(`
    INSERT INTO request_counters (key, window_end, count) VALUES (?, ?, 1)
    ON CONFLICT (key, window_end) DO UPDATE SET count = count + 1
    RETURNING count`).pluck();
  const sweep = db.prepare('DELETE FROM request_counters WHERE window_end <= ?');
  let sweptAt = -Infinity;

  return {
    async increment(key, windowMs, now) {
      if (!(windowMs > 0)) throw new RangeError('windowMs must be positive');
      const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
      const count = await writes.run(() => {
        if (now - sweptAt >= SWEEP_EVERY_MS) {
          sweptAt = now;
          sweep.run(now);
        }
        return bump.get(key, resetAt) as number;
      });
      return { count, resetAt };
    },
  };
}
