import type pg from 'pg';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { StoredDropReport } from '../../drops/contract.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../../analytics/ports.js';
import { createRollupKeyCache, type LearnedKeys, type RollupKeyCache } from '../../analytics/rollupKeys.js';
import { countBy } from '../../analytics/rollupTuple.js';
import { postgresAnalyticsReads } from './analyticsReads.js';
import { createAnalyticsRollupFlusher } from './analyticsPendingRollups.js';
import { minuteCounts, postgresRollupWriter, prepareRollupKeys, type PostgresRollupWriter } from './analyticsRollups.js';
import { analyticsHitRow, ANALYTICS_HIT_COLUMNS } from '../rows/analytics.js';
import { createBatchWriter, type BatchWriterOptions } from './batchWriter.js';
import { inTransaction, pgJson, type Queryable } from './db.js';
import { writeDropReports } from './drops.js';
import { newItems } from './ingestKeys.js';
import { FLUSHING, type PendingFlusherOptions } from './pendingFlusher.js';

const NONE: LearnedKeys = new Map();

/**
 * Stores each hit unless its id was stored before (a retry); hits without an id (pages older
 * than hit ids) are stored as they come; the stored ones are added to the rollups (`addToRollups`,
 * none when they are off). Runs inside the caller's transaction; returns the rollup tuple ids it
 * learned, to remember once that transaction committed.
 */
async function writeAnalyticsHits(db: Queryable, hits: readonly StoredAnalyticsHit[], addToRollups?: PostgresRollupWriter): Promise<LearnedKeys> {
  const fresh = await newItems(db, 'analytics', hits, (hit) => hit.id ?? null, Date.now());
  if (fresh.length === 0) return NONE;
  const rows = pgJson(fresh.map(analyticsHitRow));
  if (!addToRollups) {
    await db.query({ name: 'analytics-raw-insert', text: RAW_INSERT, values: [rows] });
    return NONE;
  }
  const rollups = await addToRollups(db, fresh, 2);
  // Data-modifying CTEs all run, to completion, whatever the outer query reads.
  await db.query({ name: 'analytics-raw-insert-rollups', text: `WITH raw AS (${RAW_INSERT}),\n${rollups.ctes}\nSELECT 1`, values: [rows, ...rollups.params] });
  return rollups.learned;
}

/**
 * As {@link writeAnalyticsHits} with rollups, for direct ingest: the fresh hits' minute counts
 * are written as a pending row in the raw INSERT's statement instead of upserted (analyticsPendingRollups.ts).
 */
async function writeAnalyticsHitsPending(db: Queryable, hits: readonly StoredAnalyticsHit[], cache: RollupKeyCache): Promise<LearnedKeys> {
  const fresh = await newItems(db, 'analytics', hits, (hit) => hit.id ?? null, Date.now());
  if (fresh.length === 0) return NONE;
  const { minutes, learned } = await minuteCounts(db, cache, fresh);
  await db.query({
    name: 'analytics-raw-insert-pending',
    text: `WITH raw AS (${RAW_INSERT}) INSERT INTO analytics_rollup_pending (minutes) VALUES ($2)`,
    // Numbers only: plain JSON.
    values: [pgJson(fresh.map(analyticsHitRow)), JSON.stringify(minutes)],
  });
  return learned;
}

/** The raw hits of `$1` (rows of {@link analyticsHitRow} as JSON), in one statement. */
const RAW_INSERT = `INSERT INTO analytics_hits (${ANALYTICS_HIT_COLUMNS})
     SELECT ${ANALYTICS_HIT_COLUMNS}
       FROM jsonb_to_recordset($1::jsonb) AS r(client_id TEXT, received_at BIGINT, timestamp BIGINT, type TEXT, path TEXT,
         non_interaction BOOLEAN, vertical TEXT, locale TEXT, affiliate TEXT, affiliateskin TEXT, experiment TEXT,
         page_id TEXT, sub_page_id TEXT, presentation TEXT, pixel_context TEXT, login_state TEXT, session_id TEXT,
         placement TEXT, searchid TEXT, category TEXT, action TEXT, label TEXT, value FLOAT8, params JSONB)`;

export interface PostgresAnalyticsOptions {
  /** Maintain the rollups on ingest (default); off only to measure their cost. */
  rollups: boolean;
  /** Days raw hits are kept: a window's edge older than this is read from whole rollup rows. */
  rawDays: number;
  /** How direct ingest groups bodies into transactions (batchWriter.ts); the defaults below otherwise. */
  batching?: Partial<Pick<BatchWriterOptions<AnalyticsBody>, 'maxInFlight' | 'maxBatch' | 'onBatch'>>;
  /** When direct ingest's pending rollups are flushed (pendingFlusher.ts); its FLUSHING otherwise. */
  flushing?: Partial<PendingFlusherOptions>;
}

/** One request's hits and drop report: stored together or not at all. */
export interface AnalyticsBody {
  hits: readonly StoredAnalyticsHit[];
  dropped?: StoredDropReport;
}

// As perf.ts (where the figures are): one transaction at a time; the cap counts bodies, of up to a few dozen hits each.
const BATCHING = { maxInFlight: 1, maxBatch: 32 };

/**
 * What `writeBatch` calls: `prepare` before its transaction, `writeHits` inside it, then
 * `remember` with the result once committed.
 */
export interface PostgresAnalyticsWrites {
  prepare(hits: readonly StoredAnalyticsHit[]): Promise<void>;
  writeHits(db: Queryable, hits: readonly StoredAnalyticsHit[]): Promise<LearnedKeys>;
  remember(learned: LearnedKeys): void;
}

/**
 * The analytics ports over the pool; a body's hits, their pending rollup counts and drop report
 * are in one transaction, shared with the bodies that arrive with it (batchWriter.ts), and a
 * flush adds the counts to the rollups soon after and before any read of them
 * (analyticsPendingRollups.ts). `close` waits for the bodies queued and flushes. `writeHits` is
 * what the store's writeBatch calls: its batches are large, so it upserts the rollups itself.
 */
export function createPostgresAnalytics(
  pool: pg.Pool,
  options: PostgresAnalyticsOptions,
): PostgresAnalyticsWrites & { ingest: AnalyticsIngest; query: AnalyticsQuery; close(): Promise<void> } {
  const keys = createRollupKeyCache();
  const addToRollups = options.rollups ? postgresRollupWriter(keys) : undefined;
  const writeHits = (db: Queryable, hits: readonly StoredAnalyticsHit[]) => writeAnalyticsHits(db, hits, addToRollups);
  const reads = postgresAnalyticsReads(pool, options.rawDays);
  const prepare = async (hits: readonly StoredAnalyticsHit[]) => {
    if (options.rollups) await prepareRollupKeys(pool, keys, hits);
  };
  const onError = options.flushing?.onError ?? (() => {});
  const flusher = options.rollups ? createAnalyticsRollupFlusher(pool, { ...FLUSHING, ...options.flushing, onError }) : undefined;
  // What this instance left pending is in the rollups before they are read; if the flush fails
  // (reported, and retried later), the read still answers, without those hits.
  const flushed = async () => {
    await flusher?.flush().catch(onError);
  };
  const batches = createBatchWriter<AnalyticsBody>({
    ...BATCHING,
    ...options.batching,
    async write(bodies) {
      const hits = bodies.flatMap((body) => body.hits);
      await prepare(hits);
      const learned = await inTransaction(pool, async (client) => {
        const found = options.rollups ? await writeAnalyticsHitsPending(client, hits, keys) : await writeHits(client, hits);
        await writeDropReports(client, bodies.flatMap((body) => (body.dropped ? [body.dropped] : [])));
        return found;
      });
      keys.remember(learned);
      flusher?.added();
    },
  });
  return {
    prepare,
    writeHits,
    remember: keys.remember,
    async close() {
      await batches.close();
      await flusher?.stop();
    },
    ingest: {
      insertAnalyticsHits: (hits, dropped) => batches.add({ hits, dropped }),
    },
    query: {
      async countAnalytics(filter, by, limit) {
        await flushed();
        return countBy(await reads.counts(filter), { by, limit });
      },
      async breakdownAnalytics(filter, breakdowns) {
        await flushed();
        const counts = await reads.counts(filter);
        return breakdowns.map((breakdown) => countBy(counts, breakdown));
      },
      async analyticsTimeline(filter, bucketMs) {
        await flushed();
        return reads.timeline(filter, bucketMs);
      },
    },
  };
}

