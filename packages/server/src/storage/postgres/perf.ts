import type pg from 'pg';
import type { PerfReport } from '../../perf/contract.js';
import type { PerfFilter, PerfIngest, PerfQuery } from '../../perf/ports.js';
import { inTransaction, pgJson, queryRows, type Queryable } from './db.js';
import { newItems } from './ingestKeys.js';
import { readPerfRollups, writePerfRollups } from './perfRollups.js';
import type { PerfKeyCache } from './perfRollups.js';

interface PerfRow {
  client_id: string | null;
  received_at: number;
  url: string | null;
  vertical: string | null;
  page_id: string | null;
  sub_page_id: string | null;
  page_tag: string | null;
  user_agent: string | null;
  nav_start: number | null;
  protocol: string | null;
  timing: PerfReport['timing'];
  lcp: number | null;
  cls: number | null;
  inp: number | null;
  fid: number | null;
  fcp: number | null;
  ttfb: number | null;
}

/** Writes reports in the caller's transaction (see {@link writePerfReports}). */
export type PerfWriter = (db: Queryable, reports: readonly PerfReport[]) => Promise<void>;

/**
 * Stores the reports whose ids were not stored before (a re-sent id is a retry: nothing happens);
 * reports without an id (old clients) are stored as they come. Runs inside the caller's transaction.
 * The rows travel as one JSON parameter, so a batch of any size is one INSERT. With `rollupKeys`
 * (the store's cache of page ids), the same reports are added to the rollup rows there too.
 */
export async function writePerfReports(db: Queryable, reports: readonly PerfReport[], rollupKeys?: PerfKeyCache): Promise<void> {
  const fresh = await newItems(db, 'perf', reports, (report) => report.id, Date.now());
  if (fresh.length === 0) return;
  if (rollupKeys) await writePerfRollups(db, fresh, rollupKeys);
  await db.query(
    `INSERT INTO perf_reports (client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
                               nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb)
     SELECT client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
            nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb
       FROM jsonb_to_recordset($1::jsonb) AS r(
         client_id TEXT, received_at BIGINT, url TEXT, vertical TEXT, page_id TEXT, sub_page_id TEXT, page_tag TEXT,
         user_agent TEXT, nav_start BIGINT, protocol TEXT, timing JSONB, lcp FLOAT8, cls FLOAT8, inp FLOAT8,
         fid FLOAT8, fcp FLOAT8, ttfb FLOAT8)`,
    [pgJson(fresh.map(toRow))],
  );
}

/**
 * The performance ports over the pool; each report is its own transaction. `write` is what the
 * store's writeBatch calls inside its transaction, with the same rollup setting.
 */
export function createPostgresPerf(pool: pg.Pool, options: { rollups: boolean }): { write: PerfWriter; ingest: PerfIngest; query: PerfQuery } {
  const keys: PerfKeyCache | undefined = options.rollups ? new Map() : undefined;
  const write: PerfWriter = (db, reports) => writePerfReports(db, reports, keys);
  return {
    write,
    ingest: {
      insertPerfReport: (report) => inTransaction(pool, (client) => write(client, [report])),
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
            ORDER BY received_at DESC, seq DESC
            LIMIT $6`,
          [filter.from, filter.to, filter.vertical ?? null, filter.pageId ?? null, filter.subPageId ?? null, filter.limit, filter.pageTag ?? null],
        );
        return rows.map(toReport);
      },
      readPerfRollups: (filter) => readPerfRollups(pool, filter),
    },
  };
}

function toRow(report: PerfReport): PerfRow {
  const { vitals } = report;
  return {
    client_id: report.id,
    received_at: report.receivedAt,
    url: report.url,
    vertical: report.vertical,
    page_id: report.pageId,
    sub_page_id: report.subPageId,
    page_tag: report.pageTag,
    user_agent: report.userAgent,
    nav_start: report.navStart,
    protocol: report.protocol,
    timing: report.timing,
    lcp: vitals.wv_lcp,
    cls: vitals.wv_cls,
    inp: vitals.wv_inp,
    fid: vitals.wv_fid,
    fcp: vitals.wv_fcp,
    ttfb: vitals.wv_ttfb,
  };
}

function toReport(row: PerfRow): PerfReport {
  return {
    id: row.client_id,
    receivedAt: row.received_at,
    url: row.url,
    vertical: row.vertical,
    pageId: row.page_id,
    subPageId: row.sub_page_id,
    pageTag: row.page_tag,
    userAgent: row.user_agent,
    navStart: row.nav_start,
    protocol: row.protocol,
    timing: row.timing,
    vitals: { wv_lcp: row.lcp, wv_cls: row.cls, wv_inp: row.inp, wv_fid: row.fid, wv_fcp: row.fcp, wv_ttfb: row.ttfb },
  };
}
