import type { Attribution } from '../../perf/attribution/contract.js';
import { browserFamily } from '../../perf/browserFamily.js';
import type { PerfReport } from '../../perf/contract.js';

/**
 * The JSON `timing` column: the navigation timing and, only when the report has them, its
 * attribution and `nav: 'soft'`, so both engines keep them without a column of their own.
 */
export type StoredTiming = PerfReport['timing'] & { attribution?: Attribution; nav?: 'soft' };

/**
 * A `perf_reports` row, in the column names both engines share. `T` is how the engine hands
 * `timing` back: SQLite as JSON text, PostgreSQL as parsed JSONB. Stated once here, so the two
 * engines cannot map a report differently.
 */
export interface PerfRowOf<T> {
  client_id: string | null;
  received_at: number;
  url: string | null;
  vertical: string | null;
  page_id: string | null;
  sub_page_id: string | null;
  page_tag: string | null;
  user_agent: string | null;
  /** The browser family (perf/browserFamily.ts), decided at ingest; null on rows stored before families. */
  browser?: string | null;
  nav_start: number | null;
  protocol: string | null;
  timing: T;
  lcp: number | null;
  cls: number | null;
  inp: number | null;
  fid: number | null;
  fcp: number | null;
  ttfb: number | null;
}

/** The row of a report, `timing` as it is in the report. */
export function perfRowOf(report: PerfReport): PerfRowOf<StoredTiming> {
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
    browser: browserFamily(report.userAgent),
    nav_start: report.navStart,
    protocol: report.protocol,
    timing: storedTiming(report),
    lcp: vitals.wv_lcp,
    cls: vitals.wv_cls,
    inp: vitals.wv_inp,
    fid: vitals.wv_fid,
    fcp: vitals.wv_fcp,
    ttfb: vitals.wv_ttfb,
  };
}

/** What a report's `timing` column holds (see {@link StoredTiming}). */
export function storedTiming(report: PerfReport): StoredTiming {
  if (report.attribution === null && report.nav === 'hard') return report.timing;
  const out: StoredTiming = { ...report.timing };
  if (report.attribution) out.attribution = report.attribution;
  if (report.nav === 'soft') out.nav = 'soft';
  return out;
}

/** The report a stored row holds, with its `timing` as the engine's caller decoded it. */
export function reportOf<T>(row: PerfRowOf<T>, stored: StoredTiming): PerfReport {
  const { attribution, nav, ...timing } = stored;
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
    timing,
    vitals: { wv_lcp: row.lcp, wv_cls: row.cls, wv_inp: row.inp, wv_fid: row.fid, wv_fcp: row.fcp, wv_ttfb: row.ttfb },
    nav: nav === 'soft' ? 'soft' : 'hard',
    attribution: attribution ?? null,
  };
}
