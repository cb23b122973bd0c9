import type { PerfReport } from '../../perf/contract.js';

/** A `perf_reports` row as SQLite returns it. */
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
  timing: string;
  lcp: number | null;
  cls: number | null;
  inp: number | null;
  fid: number | null;
  fcp: number | null;
  ttfb: number | null;
}

/** The report a stored row holds (the list read, and the rollups' recovery fold). */
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
    timing: JSON.parse(row.timing) as PerfReport['timing'],
    vitals: { wv_lcp: row.lcp, wv_cls: row.cls, wv_inp: row.inp, wv_fid: row.fid, wv_fcp: row.fcp, wv_ttfb: row.ttfb },
  };
}
