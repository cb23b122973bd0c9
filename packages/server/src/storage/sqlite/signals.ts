import type { Database, Statement } from 'better-sqlite3';
import type { NewSignalReport, SignalSummary, ValueCount } from '../../signals/contract.js';
import type { SignalIngest, SignalQuery } from '../../signals/ports.js';
import type { FallbackBucketRow, SignalReportRow } from '../rows/signals.js';
import { SIGNAL_REPORT_COLUMNS, signalReportRow, signalSummary, SPREAD_COLUMNS, SPREAD_SIZE, toStoredSignalReport } from '../rows/signals.js';
import type { GroupCommit } from './groupCommit.js';

/** A row as SQLite hands it back: the flag 0/1, the JSON as text. */
type StoredRow = Omit<SignalReportRow, 'automation' | 'reasons' | 'signals'> & { automation: number; reasons: string; signals: string };

/**
 * Browser signals on SQLite. The nonce's UNIQUE constraint is the replay check: the insert and
 * the check are one statement, so two copies racing each other cannot both land. Writes are one
 * statement each, through the group commit: a failure leaves nothing behind.
 */
export function createSqliteSignals(db: Database, writes: GroupCommit): { ingest: SignalIngest; query: SignalQuery } {
  const insertReport = db.prepare(`
    INSERT INTO signal_reports (${SIGNAL_REPORT_COLUMNS}) VALUES (${SIGNAL_REPORT_COLUMNS.replace(/\w+/g, '@$&')})
    ON CONFLICT (nonce) DO NOTHING`);
  const insertFallback = db.prepare('INSERT INTO signal_fallbacks (received_at, user_agent) VALUES (?, ?)');
  const reportBuckets = db.prepare(`
    SELECT (received_at / CAST(@bucketMs AS INTEGER)) * CAST(@bucketMs AS INTEGER) AS start, automation, count(*) AS count
      FROM signal_reports WHERE received_at >= @since GROUP BY start, automation`);
  const fallbackBuckets = db.prepare(`
    SELECT (received_at / CAST(@bucketMs AS INTEGER)) * CAST(@bucketMs AS INTEGER) AS start, count(*) AS count
      FROM signal_fallbacks WHERE received_at >= @since GROUP BY start`);
  const topReasons = db.prepare(`
    SELECT r.value AS value, count(*) AS count
      FROM signal_reports s, json_each(s.reasons) r
     WHERE s.received_at >= ? GROUP BY r.value ORDER BY count DESC, value LIMIT ${SPREAD_SIZE}`);
  const spread = (column: (typeof SPREAD_COLUMNS)[number]) =>
    db.prepare(`SELECT ${column} AS value, count(*) AS count FROM signal_reports
                 WHERE received_at >= ? GROUP BY ${column} ORDER BY count DESC, value LIMIT ${SPREAD_SIZE}`);
  const [timeZones, languages, screens] = SPREAD_COLUMNS.map(spread) as [Statement, Statement, Statement];
  const recent = db.prepare(`SELECT id, received_at, user_agent, automation, score, reasons, signals
                               FROM signal_reports ORDER BY received_at DESC, id DESC LIMIT ?`);

  const storeReport = (report: NewSignalReport): boolean => {
    const row = signalReportRow(report);
    const encoded = { ...row, automation: row.automation ? 1 : 0, reasons: JSON.stringify(row.reasons), signals: JSON.stringify(row.signals) };
    return insertReport.run(encoded).changes === 1;
  };

  const ingest: SignalIngest = {
    insertSignalReport: (report) => writes.run(() => storeReport(report)),
    async insertSignalFallback(hit) {
      await writes.run(() => insertFallback.run(hit.receivedAt, hit.userAgent));
    },
  };
  const query: SignalQuery = {
    async signalSummary({ since, bucketMs }): Promise<SignalSummary> {
      const reports = reportBuckets.all({ since, bucketMs }) as { start: number; automation: number; count: number }[];
      return signalSummary(
        { since, bucketMs },
        reports.map((row) => ({ ...row, automation: row.automation === 1 })),
        fallbackBuckets.all({ since, bucketMs }) as FallbackBucketRow[],
        {
          topReasons: topReasons.all(since) as ValueCount[],
          timeZones: timeZones.all(since) as ValueCount[],
          languages: languages.all(since) as ValueCount[],
          screens: screens.all(since) as ValueCount[],
        },
      );
    },
    async recentSignalReports(limit) {
      return (recent.all(limit) as StoredRow[]).map((row) =>
        toStoredSignalReport({
          ...row,
          automation: row.automation === 1,
          reasons: JSON.parse(row.reasons) as string[],
          signals: JSON.parse(row.signals) as SignalReportRow['signals'],
        }),
      );
    },
  };
  return { ingest, query };
}
