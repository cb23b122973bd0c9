import type { NewSignalReport, SignalSummary, StoredSignalReport } from '../../signals/contract.js';

/** How many values each of the console's spreads (reasons, time zones, languages, screens) lists. */
export const SPREAD_SIZE = 10;

/** The columns a spread may group by: fixed names, the only text ever put into its query. */
export const SPREAD_COLUMNS = ['time_zone', 'language', 'screen'] as const;

/**
 * A `signal_reports` row as written, in the column names both engines share; `reasons` and
 * `signals` as values, each engine encoding them (and the flag) as its column types want.
 * Time zone, first language and screen are copied into columns so the spreads are plain GROUP BYs.
 */
export function signalReportRow(report: NewSignalReport) {
  const { signals, verdict } = report;
  return {
    nonce: report.nonce,
    received_at: report.receivedAt,
    client_ts: report.clientTs,
    user_agent: report.userAgent,
    automation: verdict.automation,
    score: verdict.score,
    reasons: verdict.reasons,
    time_zone: signals.timeZone.name || 'unknown',
    language: signals.languages[0] || 'none',
    screen: `${signals.screen.width}x${signals.screen.height}`,
    signals,
  };
}

/** The column names of {@link signalReportRow}, in its order. */
export const SIGNAL_REPORT_COLUMNS = 'nonce, received_at, client_ts, user_agent, automation, score, reasons, time_zone, language, screen, signals';

/** A `signal_reports` row as read back, its JSON and flag decoded. */
export interface SignalReportRow {
  id: number;
  received_at: number;
  user_agent: string | null;
  automation: boolean;
  score: number;
  reasons: string[];
  signals: StoredSignalReport['signals'];
}

export const toStoredSignalReport = (row: SignalReportRow): StoredSignalReport => ({
  id: row.id,
  receivedAt: row.received_at,
  userAgent: row.user_agent,
  score: row.score,
  automation: row.automation,
  reasons: row.reasons,
  signals: row.signals,
});

/** Reports of one bucket, split by the verdict. */
export interface ReportBucketRow {
  start: number;
  automation: boolean;
  count: number;
}

/** Fallback hits (no report could be made) of one bucket. */
export interface FallbackBucketRow {
  start: number;
  count: number;
}

/** What the spreads' queries found, one list per spread. */
export type Spreads = Pick<SignalSummary, 'topReasons' | 'timeZones' | 'languages' | 'screens'>;

/** The console's summary: every bucket with reports or fallbacks, oldest first, their totals and the spreads. */
export function signalSummary(
  window: { since: number; bucketMs: number },
  reports: readonly ReportBucketRow[],
  fallbacks: readonly FallbackBucketRow[],
  spreads: Spreads,
): SignalSummary {
  const buckets = new Map<number, { start: number; people: number; automation: number; fallback: number }>();
  const bucket = (start: number) => {
    let entry = buckets.get(start);
    if (!entry) buckets.set(start, (entry = { start, people: 0, automation: 0, fallback: 0 }));
    return entry;
  };
  for (const row of reports) bucket(row.start)[row.automation ? 'automation' : 'people'] += row.count;
  for (const row of fallbacks) bucket(row.start).fallback += row.count;
  const list = [...buckets.values()].sort((a, b) => a.start - b.start);
  const sum = (key: 'people' | 'automation' | 'fallback') => list.reduce((total, b) => total + b[key], 0);
  return {
    since: window.since,
    bucketMs: window.bucketMs,
    totals: { people: sum('people'), automation: sum('automation'), fallback: sum('fallback') },
    buckets: list,
    ...spreads,
  };
}
