import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import { T0, analyticsHit } from '../conformance/fixtures.js';
import { createPostgresAnalytics } from './analytics.js';
import { createPool, inTransaction } from './db.js';
import { createMigratedPool, type MigratedPool } from './testing/migratedPool.js';

const LEVELS = ['minute', 'hour', 'day'] as const;
const held = { delayMs: 60_000, retryMs: 60_000, chunk: 1_000, onError: () => {} };

const hits = (prefix: string, n: number): StoredAnalyticsHit[] =>
  Array.from({ length: n }, (_, i) =>
    analyticsHit({
      id: `${prefix}-${i}`,
      receivedAt: T0 + i * 23_000,
      locale: ['es-ES', 'en-GB'][i % 2]!,
      ...(i % 3 === 0 ? { type: 'event', category: 'search', path: '/vs/event/search/submit' } : {}),
    }),
  );

describe('PostgreSQL direct analytics ingest: pending rollup counts and their flush', () => {
  let pending: MigratedPool;
  let direct: MigratedPool;
  beforeAll(async () => {
    [pending, direct] = await Promise.all([createMigratedPool(), createMigratedPool()]);
  });
  afterAll(async () => {
    await Promise.all([pending?.close(), direct?.close()]);
  }, 60_000);

  const count = async (db: MigratedPool, sql: string) => Number((await db.pool.query(sql)).rows[0].n);
  // Every rollup row with its tuple, in a stable order: comparable across databases.
  const rollupRows = async (db: MigratedPool) => {
    const out: unknown[] = [];
    for (const level of LEVELS) {
      const { rows } = await db.pool.query(
        `SELECT '${level}' AS level, r.start, r.n, k.type, k.path, k.locale, k.category, k.vertical
           FROM analytics_rollup_${level} r JOIN analytics_rollup_keys k ON k.id = r.key_id
          ORDER BY r.start, k.type, k.path, k.locale`,
      );
      out.push(...rows);
    }
    return out;
  };

  it('adds pending counts to every level exactly as an in-transaction write does, once', async () => {
    const analytics = createPostgresAnalytics(pending.pool, { rollups: true, rawDays: 30, flushing: held });
    const sent = hits('a', 60);
    await Promise.all(Array.from({ length: 6 }, (_, i) => analytics.ingest.insertAnalyticsHits(sent.slice(i * 10, i * 10 + 10))));
    // A redelivered body counts nothing again.
    await analytics.ingest.insertAnalyticsHits(sent.slice(0, 10));
    expect(await count(pending, 'SELECT count(*) AS n FROM analytics_rollup_pending')).toBeGreaterThan(0);
    expect(await count(pending, 'SELECT count(*) AS n FROM analytics_rollup_minute')).toBe(0);
    // A read flushes first.
    const window = { from: T0 - 60_000, to: T0 + 3_600_000 };
    const total = (await analytics.query.countAnalytics(window, 'locale', 5)).reduce((n, row) => n + row.pageViews + row.events, 0);
    expect(total).toBe(60);
    expect(await count(pending, 'SELECT count(*) AS n FROM analytics_rollup_pending')).toBe(0);
    await analytics.close();

    const other = createPostgresAnalytics(direct.pool, { rollups: true, rawDays: 30 });
    await other.prepare(sent);
    const learned = await inTransaction(direct.pool, (client) => other.writeHits(client, sent));
    other.remember(learned);
    await other.close();
    const expected = await rollupRows(direct);
    expect(expected.length).toBeGreaterThan(6);
    expect(await rollupRows(pending)).toEqual(expected);
  });

  it('sets a pending row of another shape aside, reported and kept, and flushes the others', async () => {
    const errors: unknown[] = [];
    const analytics = createPostgresAnalytics(pending.pool, { rollups: true, rawDays: 30, flushing: { ...held, onError: (error) => errors.push(error) } });
    const before = await count(pending, 'SELECT coalesce(sum(n), 0) AS n FROM analytics_rollup_day');
    await analytics.ingest.insertAnalyticsHits(hits('c', 10));
    const bad = ['[[1, 2]]', '[["1", 2, 3]]', '[[1.5, 2, 3]]'];
    for (const text of bad) await pending.pool.query('INSERT INTO analytics_rollup_pending (minutes) VALUES ($1)', [text]);
    await analytics.close();
    expect(errors).toHaveLength(3);
    const { rows: kept } = await pending.pool.query('SELECT minutes, unreadable FROM analytics_rollup_pending ORDER BY id');
    expect(kept).toEqual(bad.map((minutes) => ({ minutes, unreadable: true })));
    expect(await count(pending, 'SELECT coalesce(sum(n), 0) AS n FROM analytics_rollup_day')).toBe(before + 10);
    await pending.pool.query('DELETE FROM analytics_rollup_pending');
  });

  it('counts each pending row once when instances flush side by side', async () => {
    const second = createPool(pending.url, 4);
    try {
      const instances = [
        createPostgresAnalytics(pending.pool, { rollups: true, rawDays: 30, flushing: held }),
        createPostgresAnalytics(second, { rollups: true, rawDays: 30, flushing: { ...held, chunk: 2 } }),
      ];
      const sent = hits('b', 200);
      const window = { from: T0 - 60_000, to: T0 + 2 * 3_600_000 };
      const before = await count(pending, 'SELECT coalesce(sum(n), 0) AS n FROM analytics_rollup_day');
      // Writes on both instances, and reads (each flushing) racing them.
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => instances[i % 2]!.ingest.insertAnalyticsHits(sent.slice(i * 10, i * 10 + 10))),
        ...Array.from({ length: 6 }, (_, i) => instances[i % 2]!.query.countAnalytics(window, 'locale', 5)),
      ]);
      await Promise.all(instances.map((instance) => instance.close()));
      expect(await count(pending, 'SELECT count(*) AS n FROM analytics_rollup_pending')).toBe(0);
      for (const level of LEVELS) {
        expect(await count(pending, `SELECT coalesce(sum(n), 0) AS n FROM analytics_rollup_${level}`), level).toBe(before + 200);
      }
    } finally {
      await second.end();
    }
  });
});
