import type { Database } from 'better-sqlite3';
import type { NewSignalReport, SignalSummary, StoredSignalReport, ValueCount } from '../../signals/contract.js';
import type { SignalIngest, SignalQuery } from '../../signals/ports.js';
import type { GroupCommit } from './groupCommit.js';

const SPREAD_SIZE = 10;

interface ReportRow {
  id: number;
  received_at: number;
  user_agent: string | null;
  automation: number;
  score: number;
  reasons: string;
  signals: string;
}

/**
 * Browser signals on SQLite. The nonce's UNIQUE constraint is the replay check: the insert and
 * the check are one statement, so two copies racing each other cannot both land. Time zone,
 * first language and screen are copied into columns so the console's spreads are plain GROUP BYs.
 * Writes are one statement each, through the group commit: a failure leaves nothing behind.
 */
export function createSqliteSignals(db: Database, writes: GroupCommit): { ingest: SignalIngest; query: SignalQuery } {
  const insertReport = db.prepare(`
    INSERT INTO signal_reports (nonce, received_at, client_ts, user_agent, automation, score, reasons,
                                time_zone, language, screen, signals)
    VALUES (@nonce, @receivedAt, @clientTs, @userAgent, @automation, @score, @reasons,
            @timeZone, @language, @screen, @signals)
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
  const spread = (column: string) =>
    db.prepare(`SELECT ${column} AS value, count(*) AS count FROM signal_reports
                 WHERE received_at >= ? GROUP BY ${column} ORDER BY count DESC, value LIMIT ${SPREAD_SIZE}`);
  const timeZones = spread('time_zone');
  const languages = spread('language');
  const screens = spread('screen');
  const recent = db.prepare(`SELECT id, received_at, user_agent, automation, score, reasons, signals
                               FROM signal_reports ORDER BY received_at DESC, id DESC LIMIT ?`);

  const storeReport = (report: NewSignalReport): boolean => {
    const { signals, verdict } = report;
    const result = insertReport.run({
      nonce: report.nonce,
      receivedAt: report.receivedAt,
      clientTs: report.clientTs,
      userAgent: report.userAgent,
      automation: verdict.automation ? 1 : 0,
      score: verdict.score,
      reasons: JSON.stringify(verdict.reasons),
      timeZone: signals.timeZone.name || 'unknown',
      language: signals.languages[0] || 'none',
      screen: `${signals.screen.width}x${signals.screen.height}`,
      signals: JSON.stringify(signals),
    });
    return result.changes === 1;
  };

  const ingest: SignalIngest = {
    insertSignalReport: (report) => writes.run(() => storeReport(report)),
    async insertSignalFallback(hit) {
      await writes.run(() => insertFallback.run(hit.receivedAt, hit.userAgent));
    },
  };
  const query: SignalQuery = {
    async signalSummary({ since, bucketMs }): Promise<SignalSummary> {
      const buckets = new Map<number, { start: number; people: number; automation: number; fallback: number }>();
      const bucket = (start: number) => {
        let entry = buckets.get(start);
        if (!entry) buckets.set(start, (entry = { start, people: 0, automation: 0, fallback: 0 }));
        return entry;
      };
      for (const row of reportBuckets.all({ since, bucketMs }) as { start: number; automation: number; count: number }[]) {
        bucket(row.start)[row.automation ? 'automation' : 'people'] += row.count;
      }
      for (const row of fallbackBuckets.all({ since, bucketMs }) as { start: number; count: number }[]) {
        bucket(row.start).fallback += row.count;
      }
      const list = [...buckets.values()].sort((a, b) => a.start - b.start);
      const sum = (key: 'people' | 'automation' | 'fallback') => list.reduce((total, b) => total + b[key], 0);
      return {
        since,
        bucketMs,
        totals: { people: sum('people'), automation: sum('automation'), fallback: sum('fallback') },
        buckets: list,
        topReasons: topReasons.all(since) as ValueCount[],
        timeZones: timeZones.all(since) as ValueCount[],
        languages: languages.all(since) as ValueCount[],
        screens: screens.all(since) as ValueCount[],
      };
    },
    async recentSignalReports(limit): Promise<StoredSignalReport[]> {
      return (recent.all(limit) as ReportRow[]).map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        userAgent: row.user_agent,
        score: row.score,
        automation: row.automation === 1,
        reasons: JSON.parse(row.reasons) as string[],
        signals: JSON.parse(row.signals) as StoredSignalReport['signals'],
      }));
    },
  };
  return { ingest, query };
}
