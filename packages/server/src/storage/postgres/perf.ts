import type pg from 'pg';
import type { PerfReport } from '../../perf/contract.js';
import type { PerfFilter, PerfIngest, PerfQuery } from '../../perf/ports.js';
import { createBatchWriter, type BatchWriterOptions } from './batchWriter.js';
import { inTransaction, pgJson, queryRows, type Queryable } from './db.js';
import { newItems } from './ingestKeys.js';
import { FLUSHING, type PendingFlusherOptions } from './pendingFlusher.js';
import { createPerfRollupFlusher, writePerfReportsPending } from './perfPendingRollups.js';
import { readAttributionRollups } from './perfAttributionRollups.js';
import { readPerfRollups, writePerfReportsWithRollups } from './perfRollups.js';
import type { PerfKeyCache } from './perfRollupKeys.js';
import { PERF_RAW_INSERT, toReport, toRow } from './perfRows.js';
import type { PerfRow } from './perfRows.js';

/** Writes reports in the caller's transaction (see {@link writePerfReports}). */
export type PerfWriter = (db: Queryable, reports: readonly PerfReport[]) => Promise<void>;

/**
 * Stores the reports whose ids were not stored before (a re-sent id is a retry: nothing happens);
 * reports without an id (old clients) are stored as they come. Runs inside the caller's transaction.
 * With `rollupKeys` (the store's cache of page ids), the same reports are added to the rollup
 * rows in the raw INSERT's statement (perfRollups.ts); without, the raw INSERT runs alone.
 */
export async function writePerfReports(db: Queryable, reports: readonly PerfReport[], rollupKeys?: PerfKeyCache): Promise<void> {
  const fresh = await newItems(db, 'perf', reports, (report) => report.id, Date.now());
  if (fresh.length === 0) return;
  if (rollupKeys) await writePerfReportsWithRollups(db, fresh, rollupKeys);
  else await db.query({ name: 'perf-raw-insert', text: PERF_RAW_INSERT, values: [pgJson(fresh.map(toRow))] });
}

export interface PostgresPerfOptions {
  rollups: boolean;
  /** How direct ingest groups reports into transactions (batchWriter.ts); the defaults below otherwise. */
  batching?: Partial<Pick<BatchWriterOptions<PerfReport>, 'maxInFlight' | 'maxBatch' | 'onBatch'>>;
  /** When direct ingest's pending rollups are flushed (pendingFlusher.ts); its FLUSHING otherwise. */
  flushing?: Partial<PendingFlusherOptions>;
}

// One transaction at a time, and the reports arriving meanwhile make the next batch. Chosen while
// direct ingest still upserted the rollup rows in these transactions (two at once then waited on
// each other's row locks): bench/rollups.mjs (direct, on / off, a shared and noisy machine)
// measured 0.85, 0.81, 0.70 with one; 0.78, 0.64 with two. Since pending rollups they lock no rollup
// rows; a second slot has not been measured since. The cap of 64 is more than the concurrent
// requests one instance sees, so it only bounds a burst.
const BATCHING = { maxInFlight: 1, maxBatch: 64 };

/**
 * The performance ports over the pool. Direct ingest (`insertPerfReport`) shares transactions
 * between concurrent reports (batchWriter.ts) and writes their rollup stats as pending rows, which a flush adds
 * to the rollups soon after and before any read of them (perfPendingRollups.ts); `close` waits
 * for the reports queued and flushes. `write` is what the store's writeBatch calls inside its
 * transaction: its batches are large, so it adds to the rollups in that transaction.
 */
export function createPostgresPerf(
  pool: pg.Pool,
  options: PostgresPerfOptions,
): { write: PerfWriter; ingest: PerfIngest; query: PerfQuery; close(): Promise<void> } {
  const keys: PerfKeyCache | undefined = options.rollups ? new Map() : undefined;
  const write: PerfWriter = (db, reports) => writePerfReports(db, reports, keys);
  const onError = options.flushing?.onError ?? (() => {});
  const flusher = keys ? createPerfRollupFlusher(pool, keys, { ...FLUSHING, ...options.flushing, onError }) : undefined;
  const batches = createBatchWriter<PerfReport>({
    ...BATCHING,
    ...options.batching,
    async write(reports) {
      if (!flusher) return inTransaction(pool, (client) => writePerfReports(client, reports));
      await inTransaction(pool, async (client) => {
        await writePerfReportsPending(client, await newItems(client, 'perf', reports, (report) => report.id, Date.now()));
      });
      flusher.added();
    },
  });
  return {
    write,
    async close() {
      await batches.close();
      await flusher?.stop();
    },
    ingest: {
      insertPerfReport: batches.add,
    },
    query: {
      async listPerfReports(filter: PerfFilter) {
        const rows = await queryRows<PerfRow>(
          pool,
          `SELECT client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
                  nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb
             FROM perf_reports
            WHERE received_at >= $1 AND received_at < $2
              AND ($3::text IS NULL OR vertical = $3)
              AND ($4::text IS NULL OR page_id = $4)
              AND ($5::text IS NULL OR sub_page_id = $5)
              AND ($7::text IS NULL OR page_tag = $7)
              AND ($8::text IS NULL OR browser = $8)
            ORDER BY received_at DESC, seq DESC
            LIMIT $6`,
          [filter.from, filter.to, filter.vertical ?? null, filter.pageId ?? null, filter.subPageId ?? null, filter.limit, filter.pageTag ?? null, filter.browser ?? null],
        );
        return rows.map(toReport);
      },
      async readPerfRollups(filter) {
        // What this instance left pending is in the rollups before they are read; if the flush fails
        // (reported, and retried later), the read still answers, without those reports.
        await flusher?.flush().catch(onError);
        return readPerfRollups(pool, filter);
      },
      async readPerfAttribution(filter) {
        await flusher?.flush().catch(onError);
        return readAttributionRollups(pool, filter);
      },
    },
  };
}
