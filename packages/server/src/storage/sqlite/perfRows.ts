import type { PerfReport } from '../../perf/contract.js';
import { reportOf } from '../rows/perf.js';
import type { PerfRowOf, StoredTiming } from '../rows/perf.js';

/** A `perf_reports` row as SQLite returns it: `timing` as JSON text. */
export type PerfRow = PerfRowOf<string>;

/** The report a stored row holds (the list read, and the rollups' recovery fold). */
export const toReport = (row: PerfRow): PerfReport => reportOf(row, JSON.parse(row.timing) as StoredTiming);
