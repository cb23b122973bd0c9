import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { PerfReport } from '../../perf/contract.js';
import { NUMBER_COLUMNS, VITAL_FIELDS, perfRollupDeltas } from '../../perf/perfRollup.js';
import { MAX_SEGMENTS, decodeSketchesInto, emptySketches, encodeSketches } from '../../rollups/sketchCodec.js';
import { perfReport } from '../conformance/fixtures.js';
import { createPool } from './db.js';
import { writePerfReports } from './perf.js';
import type { PerfKeyCache } from './perfRollupKeys.js';
import { migratedPoolPerSuite } from './testing/migratedPool.js';

// An hour boundary inside the minutes written, so hour rows of two hours share a day row.
const BASE = 1_795_435_200_000 - 90_000;
const PAGES = ['home', 'search', 'results'];

function report(i: number, id: string): PerfReport {
  const fetched = BASE - 2_000;
  return perfReport({
    id,
    receivedAt: BASE + (i % 5) * 40_000 + (i % 7),
    pageId: PAGES[i % PAGES.length]!,
    timing: { ...perfReport().timing, nt_fet_st: fetched, nt_res_st: fetched + 100 + (i % 50), nt_res_end: fetched + 400 + (i % 90) },
    vitals: { wv_lcp: 500 + ((i * 37) % 3000), wv_cls: ((i * 7) % 100) / 400, wv_inp: i % 4 === 0 ? null : 40 + (i % 300), wv_fid: null, wv_fcp: 300 + (i % 1000), wv_ttfb: 50 + (i % 400) },
  });
}

interface StoredRow {
  values: number[];
  sketches: Map<number, number>[];
  segments: number;
  blob: Buffer;
}

/** Every rollup row of every level, by level, start and page, its sketches decoded. */
async function storedRows(pool: pg.Pool): Promise<Map<string, StoredRow>> {
  const rows = new Map<string, StoredRow>();
  for (const level of ['minute', 'hour', 'day']) {
    const found = await pool.query<unknown[]>({
      text: `SELECT r.start, k.dims, r.sketches, ${NUMBER_COLUMNS.map((c) => `r.${c}`).join(', ')} FROM perf_rollup_${level} r JOIN perf_rollup_keys k ON k.id = r.key_id`,
      rowMode: 'array',
    });
    for (const [start, dims, blob, ...values] of found.rows) {
      const sketches = emptySketches(VITAL_FIELDS.length);
      decodeSketchesInto(blob as Buffer, sketches);
      rows.set(`${level} ${start} ${dims}`, { values: values.map(Number), sketches, segments: (blob as Buffer)[0]!, blob: blob as Buffer });
    }
  }
  return rows;
}

/** What one writer writing every report in one batch stores: the deltas of them all. */
function singleWriterRows(reports: readonly PerfReport[]) {
  return new Map(perfRollupDeltas(reports).map((d) => [`${d.level} ${d.start} ${d.dims}`, { values: d.stats.values, sketches: d.stats.sketches }]));
}

/** One transaction, not retried: a deadlock fails the test instead of being run again. */
async function writeOnce(pool: pg.Pool, reports: readonly PerfReport[], keys: PerfKeyCache): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await writePerfReports(client, reports, keys);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

describe('PostgreSQL perf rollups written in one statement', () => {
  const db = migratedPoolPerSuite();

  it('counts exactly, with the sketches one writer would store, when many writers add to the same rows at once', async () => {
    const writers = 8;
    const reports = Array.from({ length: 960 }, (_, i) => report(i, `c-${i}`));
    const batches = Array.from({ length: 64 }, (_, b) => reports.slice(b * 15, b * 15 + 15));
    // Each writer its own pool and key cache, as separate instances; each also re-sends a batch
    // another writer sends, which idempotency must not count twice.
    const pools = Array.from({ length: writers }, () => createPool(db().url, 1));
    try {
      await Promise.all(
        pools.map(async (pool, w) => {
          const keys: PerfKeyCache = new Map();
          const mine = batches.filter((_, b) => b % writers === w);
          for (const batch of [...mine, batches[(w + 1) % writers]!]) await writeOnce(pool, batch, keys);
        }),
      );
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
    expect(Number((await db().pool.query('SELECT count(*) FROM perf_reports')).rows[0].count)).toBe(reports.length);
    const stored = await storedRows(db().pool);
    const expected = singleWriterRows(reports);
    expect([...stored.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, row] of expected) {
      expect({ key, values: stored.get(key)!.values, sketches: stored.get(key)!.sketches }).toEqual({ key, values: row.values, sketches: row.sketches });
      expect(stored.get(key)!.segments).toBeLessThanOrEqual(MAX_SEGMENTS);
    }
    // Some day row had two hours under it, so rows of every level were shared by writers (each
    // hour a row per page and one per page for the reports' one browser family).
    expect([...expected.keys()].filter((key) => key.startsWith('hour')).length).toBe(2 * 2 * PAGES.length);
  }, 120_000);

  it('folds a blob into one segment once it passes MAX_SEGMENTS, so it stays bounded', async () => {
    await db().pool.query('TRUNCATE perf_reports, ingest_keys, perf_rollup_minute, perf_rollup_hour, perf_rollup_day');
    const keys: PerfKeyCache = new Map();
    const written: PerfReport[] = [];
    for (let k = 1; k <= 3 * MAX_SEGMENTS + 2; k++) {
      // One page, one minute, one browser family: every write adds a segment to the same six rows
      // (the page's and the family's, on each level), which hold the same sketches.
      const one = { ...report(3 * k, `f-${k}`), receivedAt: BASE };
      written.push(one);
      await writeOnce(db().pool, [one], keys);
      const stored = [...(await storedRows(db().pool)).values()];
      expect(stored).toHaveLength(6);
      const segments = ((k - 1) % MAX_SEGMENTS) + 1;
      expect(stored.map((row) => row.segments)).toEqual(stored.map(() => segments));
      const expected = singleWriterRows(written);
      for (const row of stored) expect(row.sketches).toEqual([...expected.values()][0]!.sketches);
      // Just folded: byte for byte the one-segment encoding of everything written so far.
      if (segments === 1) for (const row of stored) expect(row.blob).toEqual(encodeSketches([...expected.values()][0]!.sketches));
    }
  }, 60_000);
});
