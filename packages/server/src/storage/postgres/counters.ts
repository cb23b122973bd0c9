import type pg from 'pg';
import type { CounterPort } from '../../http/ports.js';
import { queryRow } from './db.js';

/**
 * Fixed-window counters in one row per key, moved to the current window in the same statement
 * that counts, so concurrent requests on any instance add up without a lost update.
 * A request stamped in an older window than the stored one (clocks of instances differ a little)
 * counts into the stored window rather than resetting it.
 */
export function createPostgresCounters(pool: pg.Pool): CounterPort {
  return {
    async increment(key, windowMs, now) {
      const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
      const row = await queryRow<{ count: number; reset_at: number }>(
        pool,
        `INSERT INTO counters AS c (key, reset_at, count) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE
           SET count = CASE WHEN c.reset_at >= EXCLUDED.reset_at THEN c.count + 1 ELSE 1 END,
               reset_at = GREATEST(c.reset_at, EXCLUDED.reset_at)
         RETURNING count, reset_at`,
        [key, resetAt],
      );
      return { count: row!.count, resetAt: row!.reset_at };
    },
  };
}

/** Forgets counters whose window ended before `before` (the upkeep timer calls this). */
export async function purgeCounters(pool: pg.Pool, before: number): Promise<number> {
  const result = await pool.query('DELETE FROM counters WHERE reset_at < $1', [before]);
  return result.rowCount ?? 0;
}
