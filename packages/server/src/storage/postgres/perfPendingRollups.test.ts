import { beforeEach, describe, expect, it } from 'vitest';
import type { PerfReport } from '../../perf/contract.js';
import { VITAL_FIELDS } from '../../perf/perfRollup.js';
import { decodeSketchesInto, emptySketches } from '../../rollups/sketchCodec.js';
import { T0, perfReport } from '../conformance/fixtures.js';
import { createPool, inTransaction } from './db.js';
import type { PendingFlusherOptions } from './pendingFlusher.js';
import { createPerfRollupFlusher, writePerfReportsPending } from './perfPendingRollups.js';
import { writePerfReportsWithRollups } from './perfRollups.js';
import { migratedPoolPerSuite } from './testing/migratedPool.js';

const LEVELS = ['minute', 'hour', 'day'] as const;
const PAGES = ['home', 'search', 'results'];
const quiet: PendingFlusherOptions = { delayMs: 60_000, retryMs: 60_000, chunk: 1_000, onError: () => {} };

// Each test's reports under a vertical of its own, so its rollup rows are its own.
const reports = (vertical: string, n: number, from = 0): PerfReport[] =>
  Array.from({ length: n }, (_, i) =>
    perfReport({
      id: `${vertical}-${from + i}`,
      vertical,
      pageId: PAGES[i % PAGES.length]!,
      receivedAt: T0 + (from + i) * 7_000,
      vitals: { wv_lcp: 800 + ((from + i) % 17) * 150, wv_cls: 0.01 * (i % 5), wv_inp: null, wv_fid: null, wv_fcp: null, wv_ttfb: 90 + i },
    }),
  );

describe('PostgreSQL direct perf ingest: pending rollup stats and their flush', () => {
  const db = migratedPoolPerSuite();
  // Each test starts with nothing pending, so one that fails leaves the next its own table.
  beforeEach(async () => {
    await db().pool.query('DELETE FROM perf_rollup_pending');
  });

  const writePending = (batch: readonly PerfReport[]) => inTransaction(db().pool, (client) => writePerfReportsPending(client, batch));
  const pendingRows = async () => Number((await db().pool.query('SELECT count(*) AS n FROM perf_rollup_pending')).rows[0].n);
  // Every rollup row of a vertical, its sketches decoded (segments merged), in a stable order.
  const rollupRows = async (vertical: string) => {
    const out: unknown[] = [];
    for (const level of LEVELS) {
      const { rows } = await db().pool.query<Record<string, unknown> & { sketches: Buffer }>(
        `SELECT r.*, k.page_id, k.browser FROM perf_rollup_${level} r JOIN perf_rollup_keys k ON k.id = r.key_id
          WHERE k.vertical = $1 ORDER BY r.start, k.page_id, k.browser NULLS FIRST`,
        [vertical],
      );
      for (const { key_id: _key, sketches, ...numbers } of rows) {
        const merged = emptySketches(VITAL_FIELDS.length);
        decodeSketchesInto(sketches, merged);
        out.push({ level, ...numbers, sketches: merged.map((sketch) => [...sketch].sort((a, b) => a[0] - b[0])) });
      }
    }
    return out;
  };

  it('adds pending stats to every level exactly as an in-transaction write does, once', async () => {
    const flusher = createPerfRollupFlusher(db().pool, new Map(), quiet);
    const sent = reports('pending', 40);
    for (let i = 0; i < sent.length; i += 8) await writePending(sent.slice(i, i + 8));
    expect(await pendingRows()).toBe(5);
    expect(await rollupRows('pending')).toEqual([]);
    await flusher.flush();
    await flusher.flush();
    expect(await pendingRows()).toBe(0);

    // The same reports, renamed to a vertical of their own, written with their rollups directly.
    const twin = sent.map((report) => ({ ...report, id: `${report.id}-twin`, vertical: 'direct' }));
    await inTransaction(db().pool, (client) => writePerfReportsWithRollups(client, twin, new Map()));
    const flushed = await rollupRows('pending');
    const days = flushed.filter((row) => (row as { level: string }).level === 'day') as Array<{ reports: number; browser: string | null }>;
    // Each page's row of every report, then its one family's (the fixture's user agent names none).
    expect(days.map((row) => [row.browser, row.reports])).toEqual([[null, 14], ['other', 14], [null, 13], ['other', 13], [null, 13], ['other', 13]]);
    expect(flushed).toEqual(await rollupRows('direct'));
    await flusher.stop();
  });

  it('leaves nothing pending for a write whose transaction rolls back', async () => {
    const before = await pendingRows();
    await expect(
      inTransaction(db().pool, async (client) => {
        await writePerfReportsPending(client, reports('rolled-back', 3));
        throw new Error('the rest of the transaction failed');
      }),
    ).rejects.toThrow('the rest of the transaction failed');
    expect(await pendingRows()).toBe(before);
  });

  it('counts each pending row once when instances flush side by side', async () => {
    const second = createPool(db().url, 4);
    try {
      const flushers = [createPerfRollupFlusher(db().pool, new Map(), quiet), createPerfRollupFlusher(second, new Map(), { ...quiet, chunk: 3 })];
      const sent = reports('side-by-side', 120);
      const writes = Array.from({ length: 30 }, (_, i) => writePending(sent.slice(i * 4, i * 4 + 4)));
      // Flushes racing the writes and each other.
      await Promise.all([...writes, ...Array.from({ length: 6 }, (_, i) => flushers[i % 2]!.flush())]);
      await Promise.all(flushers.map((flusher) => flusher.stop()));
      expect(await pendingRows()).toBe(0);
      for (const level of LEVELS) {
        const { rows } = await db().pool.query(
          `SELECT coalesce(sum(r.reports), 0) AS n FROM perf_rollup_${level} r JOIN perf_rollup_keys k ON k.id = r.key_id WHERE k.vertical = $1 AND k.browser IS NULL`,
          ['side-by-side'],
        );
        expect(Number(rows[0].n), level).toBe(120);
      }
    } finally {
      await second.end();
    }
  });

  it('flushes on its own after a write, keeps the rows pending while a flush fails, and retries', async () => {
    const errors: unknown[] = [];
    const flusher = createPerfRollupFlusher(db().pool, new Map(), { delayMs: 20, retryMs: 50, chunk: 1_000, onError: (error) => errors.push(error) });
    // The page keys' table gone for a while: every flush fails in the middle of its transaction.
    await db().pool.query('ALTER TABLE perf_rollup_keys RENAME TO perf_rollup_keys_away');
    try {
      await writePending(reports('retried', 6));
      flusher.added();
      await until(() => errors.length >= 2);
      expect(await pendingRows()).toBe(1);
    } finally {
      await db().pool.query('ALTER TABLE perf_rollup_keys_away RENAME TO perf_rollup_keys');
    }
    await until(async () => (await pendingRows()) === 0);
    const { rows } = await db().pool.query(
      `SELECT coalesce(sum(r.reports), 0) AS n FROM perf_rollup_day r JOIN perf_rollup_keys k ON k.id = r.key_id WHERE k.vertical = 'retried' AND k.browser IS NULL`,
    );
    expect(Number(rows[0].n)).toBe(6);
    await flusher.stop();
  });

  it('sets a pending row it cannot read aside, reported and kept, and flushes the others', async () => {
    const errors: unknown[] = [];
    const flusher = createPerfRollupFlusher(db().pool, new Map(), { ...quiet, onError: (error) => errors.push(error) });
    await writePending(reports('beside-bad', 3));
    const bad = ['not json', '[{"start": 1}]', '{"minutes": []}'];
    for (const text of bad) await db().pool.query('INSERT INTO perf_rollup_pending (minutes) VALUES ($1)', [text]);
    await writePending(reports('beside-bad', 3, 3));
    await flusher.flush();
    expect(errors.map((error) => (error as Error).message)).toEqual(bad.map(() => expect.stringContaining('cannot be read')));
    const { rows: kept } = await db().pool.query('SELECT minutes, unreadable FROM perf_rollup_pending ORDER BY id');
    expect(kept).toEqual(bad.map((minutes) => ({ minutes, unreadable: true })));
    const { rows } = await db().pool.query(
      `SELECT coalesce(sum(r.reports), 0) AS n FROM perf_rollup_day r JOIN perf_rollup_keys k ON k.id = r.key_id WHERE k.vertical = 'beside-bad' AND k.browser IS NULL`,
    );
    expect(Number(rows[0].n)).toBe(6);
    // Later flushes pass them by.
    await flusher.flush();
    expect(errors).toHaveLength(3);
    await db().pool.query('DELETE FROM perf_rollup_pending');
    await flusher.stop();
  });

  it('reads a row written pending before browser families as page rows only, and sets aside one naming an unknown family', async () => {
    const errors: unknown[] = [];
    const flusher = createPerfRollupFlusher(db().pool, new Map(), { ...quiet, onError: (error) => errors.push(error) });
    await writePending(reports('before-families', 3));
    await writePending(reports('unknown-family', 3));
    const { rows: written } = await db().pool.query<{ id: number; minutes: string }>('SELECT id, minutes FROM perf_rollup_pending ORDER BY id');
    type Entry = { browser?: string };
    // As an instance without families wrote it: the page entries alone, no `browser`.
    const old = (JSON.parse(written[0]!.minutes) as Entry[]).filter((entry) => entry.browser === undefined);
    const unknown = (JSON.parse(written[1]!.minutes) as Entry[]).map((entry) => (entry.browser ? { ...entry, browser: 'safari' } : entry));
    await db().pool.query('UPDATE perf_rollup_pending SET minutes = $2 WHERE id = $1', [written[0]!.id, JSON.stringify(old)]);
    await db().pool.query('UPDATE perf_rollup_pending SET minutes = $2 WHERE id = $1', [written[1]!.id, JSON.stringify(unknown)]);
    await flusher.flush();
    const counted = async (vertical: string) =>
      (await db().pool.query(`SELECT k.browser, sum(r.reports)::int AS n FROM perf_rollup_day r JOIN perf_rollup_keys k ON k.id = r.key_id WHERE k.vertical = $1 GROUP BY k.browser`, [vertical])).rows;
    expect(await counted('before-families')).toEqual([{ browser: null, n: 3 }]);
    expect(await counted('unknown-family')).toEqual([]);
    expect(errors.map((error) => (error as Error).message)).toEqual([expect.stringContaining('cannot be read')]);
    await db().pool.query('DELETE FROM perf_rollup_pending');
    await flusher.stop();
  });

  it('flushes what is pending when it stops', async () => {
    const flusher = createPerfRollupFlusher(db().pool, new Map(), quiet);
    await writePending(reports('stopped', 4));
    expect(await pendingRows()).toBe(1);
    await flusher.stop();
    expect(await pendingRows()).toBe(0);
  });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
