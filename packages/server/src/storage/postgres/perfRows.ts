import type { PerfReport } from '../../perf/contract.js';
import { perfRowOf, reportOf } from '../rows/perf.js';
import type { StoredTiming } from '../rows/perf.js';
import type { PerfRowOf } from '../rows/perf.js';

/** A perf_reports row as PostgreSQL returns it (and as the raw INSERT reads it from JSON). */
export type PerfRow = PerfRowOf<StoredTiming>;

/**
 * The raw INSERT of a batch: its rows travel as one JSON parameter ($1, {@link toRow}'s rows),
 * so a batch of any size is one statement. Alone when rollups are off, a CTE of the rollup write
 * when they are on (perfRollups.ts), so both cost one round trip.
 */
export const PERF_RAW_INSERT = `INSERT INTO perf_reports (client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
                               browser, nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb)
     SELECT client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent,
            browser, nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb
       FROM jsonb_to_recordset($1::jsonb) AS r(
         client_id TEXT, received_at BIGINT, url TEXT, vertical TEXT, page_id TEXT, sub_page_id TEXT, page_tag TEXT,
         user_agent TEXT, browser TEXT, nav_start BIGINT, protocol TEXT, timing JSONB, lcp FLOAT8, cls FLOAT8, inp FLOAT8,
         fid FLOAT8, fcp FLOAT8, ttfb FLOAT8)`;

export const toRow: (report: PerfReport) => PerfRow = perfRowOf;

export const toReport = (row: PerfRow): PerfReport => reportOf(row, row.timing);
