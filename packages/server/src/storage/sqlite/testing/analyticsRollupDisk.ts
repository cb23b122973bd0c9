import Database from 'better-sqlite3';
import type { AnalyticsCount, StoredAnalyticsHit } from '../../../analytics/contract.js';
import { countBy, tupleOf } from '../../../analytics/rollupTuple.js';
import type { Store } from '../../ports.js';
import { analyticsHit, DAY, HOUR, MINUTE, T0 } from '../../conformance/fixtures.js';

/** Whole minutes over the fixtures' days: every count of it comes from the rollup rows. */
export const WINDOW = { from: T0, to: T0 + 4 * DAY };

/** Hits over three days, hours and minutes, of several tuples (verticals, types, interaction). */
export const HITS: StoredAnalyticsHit[] = Array.from({ length: 120 }, (_, i) =>
  analyticsHit({
    id: `hit-${i}`,
    receivedAt: T0 + (i % 3) * DAY + (i % 5) * HOUR + (i % 7) * MINUTE + i,
    vertical: ['flights', 'hotels', 'cars'][i % 3],
    ...(i % 4 === 0 ? { type: 'event', category: 'search', action: 'go', nonInteraction: i % 8 === 0 } : {}),
  }),
);

/** What a read by vertical must answer for `hits` (each counted once, by id), from the hits themselves. */
export function expectedByVertical(hits: readonly StoredAnalyticsHit[]): AnalyticsCount[] {
  const once = [...new Map(hits.map((hit) => [hit.id, hit])).values()];
  return countBy(once.map((hit) => ({ tuple: tupleOf(hit), n: 1 })), { by: 'vertical', limit: 10 });
}

export const byVertical = (store: Store) => store.query.analytics.countAnalytics(WINDOW, 'vertical', 10);

/**
 * What is on disk, read on a connection of its own: hits counted per level, and whether the
 * 'analytics' cursor is past every raw hit (ids are not contiguous: a retry's DO NOTHING uses one up).
 */
export function onDisk(file: string): { minute: number; hour: number; day: number; cursorAtEnd: boolean } {
  const db = new Database(file, { readonly: true });
  try {
    const sum = (level: string) => db.prepare(`SELECT coalesce(sum(n), 0) FROM analytics_rollup_${level}`).pluck().get() as number;
    const lastId = db.prepare(`SELECT last_id FROM rollup_cursors WHERE name = 'analytics'`).pluck().get() as number;
    return {
      minute: sum('minute'),
      hour: sum('hour'),
      day: sum('day'),
      cursorAtEnd: lastId === db.prepare('SELECT coalesce(max(id), 0) FROM analytics_hits').pluck().get(),
    };
  } finally {
    db.close();
  }
}

/** Every level counting `n` hits, the cursor past them all. */
export const folded = (n: number) => ({ minute: n, hour: n, day: n, cursorAtEnd: true });
