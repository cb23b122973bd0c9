import type { PerfReport } from '../../perf/contract.js';

/** A perf_reports row as PostgreSQL returns it (and as the raw INSERT reads it from JSON). */
export interface PerfRow {
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

/**
 * The raw INSERT of a batch: its rows travel as one JSON parameter ($1, {@link toRow}'s rows),
 * so a batch of any size is one statement. Alone when rollups are off, a CTE of the rollup write
 * when they are on (perfRollups.ts), so both cost one round trip.
 */
export const PERF_RAW_INSERT = `INSERT INTO perf_reports (client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
                               nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb)
     SELECT client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
            nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb
       FROM jsonb_to_recordset($1::jsonb) AS r(
         client_id TEXT, received_at BIGINT, url TEXT, vertical TEXT, page_id TEXT, sub_page_id TEXT, page_tag TEXT,
         user_agent TEXT, nav_start BIGINT, protocol TEXT, timing JSONB, lcp FLOAT8, cls FLOAT8, inp FLOAT8,
         fid FLOAT8, fcp FLOAT8, ttfb FLOAT8)`;

export function toRow(report: PerfReport): PerfRow {
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

export function toReport(row: PerfRow): PerfReport {
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
