import type pg from 'pg';
import type { PerfReport } from '../../perf/contract.js';
import { isBrowserFamily } from '../../perf/browserFamily.js';
import type { BrowserFamily } from '../../perf/browserFamily.js';
import { NUMBER_COLUMNS, addRow, addToMinutes, dimsOf, emptyStats, levelDeltas, mergeMinutes, type PerfMinutes } from '../../perf/perfRollup.js';
import { encodeAttribution } from '../../perf/attribution/attributionStats.js';
import { encodeSketches } from '../../rollups/sketchCodec.js';
import { inTransaction, pgJson, type Queryable } from './db.js';
import { addPerfRollups } from './perfRollups.js';
import type { PerfKeyCache } from './perfRollupKeys.js';
import { PERF_RAW_INSERT, toRow } from './perfRows.js';
import { createPendingFlusher, takePending, type PendingFlusher, type PendingFlusherOptions } from './pendingFlusher.js';

/**
 * Direct ingest's perf rollups on PostgreSQL, left pending in the raw rows' transaction and written
 * into the rollup tables by a flush shortly after (and before any read of them).
 *
 * Why: a direct-ingest transaction holds a few concurrent requests' reports, and adding them to
 * the rollups there meant upserting every level's row of each page, each rewriting a sketch blob
 * of about 2 KB, for a handful of reports: in-process, with rollups on a store took 2.6 ms per
 * transaction against 1.3 ms off and ingested 0.4 of the reports per second. With them pending, the
 * transaction adds one small row (its reports' per-minute stats) to `perf_rollup_pending`, and a
 * flush adds the rows of many transactions at once, so a page's rows are rewritten about once per
 * flush rather than once per request. JetStream writers batch hundreds of items per transaction
 * and keep writing the rollups in it (perfRollups.ts).
 *
 * Exactly once: a report's stats become pending in the transaction that claims its id, and a flush
 * deletes the pending rows it adds in the same transaction as the upserts. Instances flush side by
 * side: each takes rows no other flush holds (SKIP LOCKED). A read flushes first, so it sees
 * every write acknowledged before it, except rows another instance's flush is adding at that
 * moment: those show once that flush commits, a few milliseconds later.
 */

/** One pending minute × page (× browser family): the numbers and the encoded sketches of PerfRollupStats. */
interface PendingMinute {
  start: number;
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  /** The family of a family's row; absent for the page's row of every report (and in rows written pending before families). */
  browser?: BrowserFamily;
  values: number[];
  sketches: string;
  /** The encoded attribution (perf/attribution/attributionStats.ts), base64; absent when none. */
  attribution?: string;
}

const WRITE_PENDING = {
  name: 'perf-write-pending',
  text: `WITH raw AS (${PERF_RAW_INSERT}) INSERT INTO perf_rollup_pending (minutes) VALUES ($2)`,
};

/** Stores `reports` (the ones this transaction claimed) and adds their rollup stats to the pending ones, in one statement. */
export async function writePerfReportsPending(db: Queryable, reports: readonly PerfReport[]): Promise<void> {
  if (reports.length === 0) return;
  const minutes: PerfMinutes = new Map();
  for (const report of reports) addToMinutes(minutes, report);
  const pending: PendingMinute[] = [...minutes.values()].map(({ start, page, browser, stats }) => {
    const attribution = encodeAttribution(stats.attribution);
    return {
      start,
      ...page,
      ...(browser === null ? {} : { browser }),
      values: stats.values,
      sketches: encodeSketches(stats.sketches).toString('base64'),
      ...(attribution.length ? { attribution: attribution.toString('base64') } : {}),
    };
  });
  // pgJson: the page names come from clients, and TEXT refuses some characters (db.ts).
  await db.query({ ...WRITE_PENDING, values: [pgJson(reports.map(toRow)), pgJson(pending)] });
}

const isPagePart = (value: unknown) => value === null || typeof value === 'string';
const isPendingMinute = (entry: PendingMinute) =>
  typeof entry === 'object' &&
  entry !== null &&
  Number.isSafeInteger(entry.start) &&
  isPagePart(entry.vertical) &&
  isPagePart(entry.pageId) &&
  isPagePart(entry.subPageId) &&
  (entry.browser === undefined || isBrowserFamily(entry.browser)) &&
  Array.isArray(entry.values) &&
  entry.values.length === NUMBER_COLUMNS.length &&
  entry.values.every(Number.isFinite) &&
  typeof entry.sketches === 'string' &&
  (entry.attribution === undefined || typeof entry.attribution === 'string');

/** One pending row's minutes, decoded; throws on a row of another shape (takePending sets it aside). */
function readPending(text: string): PerfMinutes {
  const entries = JSON.parse(text) as PendingMinute[];
  if (!Array.isArray(entries) || !entries.every(isPendingMinute)) throw new Error('not a list of pending minutes');
  const minutes: PerfMinutes = new Map();
  for (const entry of entries) {
    const page = { vertical: entry.vertical, pageId: entry.pageId, subPageId: entry.subPageId };
    const browser = entry.browser ?? null;
    const dims = dimsOf(page, browser);
    const key = `${entry.start} ${dims}`;
    let delta = minutes.get(key);
    if (!delta) minutes.set(key, (delta = { level: 'minute', start: entry.start, page, browser, dims, stats: emptyStats() }));
    addRow(delta.stats, {
      values: entry.values,
      sketches: Buffer.from(entry.sketches, 'base64'),
      attribution: entry.attribution === undefined ? null : Buffer.from(entry.attribution, 'base64'),
    });
  }
  return minutes;
}

/** Takes up to `limit` pending rows and adds them to every level, in one transaction; resolves with the rows taken. */
async function flushChunk(pool: pg.Pool, keys: PerfKeyCache, limit: number, onUnreadable: (error: unknown) => void): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { items, taken } = await takePending(client, 'perf_rollup_pending', limit, readPending, onUnreadable);
    const minutes: PerfMinutes = new Map();
    for (const pending of items) mergeMinutes(minutes, pending);
    await addPerfRollups(client, levelDeltas(minutes), keys);
    return taken;
  });
}

/** Flushes an instance's pending perf rollups: soon after writes, before reads, at close. */
export function createPerfRollupFlusher(pool: pg.Pool, keys: PerfKeyCache, options: PendingFlusherOptions): PendingFlusher {
  return createPendingFlusher((limit) => flushChunk(pool, keys, limit, options.onError), options);
}
