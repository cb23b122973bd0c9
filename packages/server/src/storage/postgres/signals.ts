import type pg from 'pg';
import type { NewSignalReport, SignalSummary, StoredSignalReport, ValueCount } from '../../signals/contract.js';
import type { SignalIngest, SignalQuery } from '../../signals/ports.js';
import { inTransaction, pgJson, pgText, queryRows } from './db.js';
import { claimKeys } from './ingestKeys.js';

const SPREAD_SIZE = 10;
// Fixed column names: the only text ever put into a spread's query.
const SPREAD_COLUMNS = ['time_zone', 'language', 'screen'] as const;

interface ReportRow {
  id: number;
  received_at: number;
  user_agent: string | null;
  automation: boolean;
  score: number;
  reasons: string[];
  signals: StoredSignalReport['signals'];
}

/**
 * The signals ports. A report is stored only if its nonce is claimed in the same transaction, so
 * two copies racing each other on two instances cannot both land. (Nonces are purged with the
 * raw retention, far beyond the routes' 24-hour clock-skew window, so a replay that late is
 * refused by its timestamp.)
 */
export function createPostgresSignals(pool: pg.Pool): { ingest: SignalIngest; query: SignalQuery } {
  const ingest: SignalIngest = {
    insertSignalReport: (report: NewSignalReport) =>
      inTransaction(pool, async (client) => {
        const claimed = await claimKeys(client, 'signal', [report.nonce], Date.now());
        if (claimed.size === 0) return false;
        const { signals, verdict } = report;
        await client.query(
          `INSERT INTO signal_reports (nonce, received_at, client_ts, user_agent, automation, score, reasons,
                                       time_zone, language, screen, signals)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            pgText(report.nonce),
            report.receivedAt,
            report.clientTs,
            pgText(report.userAgent),
            verdict.automation,
            verdict.score,
            pgJson(verdict.reasons),
            pgText(signals.timeZone.name || 'unknown'),
            pgText(signals.languages[0] || 'none'),
            `${signals.screen.width}x${signals.screen.height}`,
            pgJson(signals),
          ],
        );
        return true;
      }),
    async insertSignalFallback(hit) {
      await pool.query('INSERT INTO signal_fallbacks (received_at, user_agent) VALUES ($1, $2)', [hit.receivedAt, pgText(hit.userAgent)]);
    },
  };

  const spread = (column: (typeof SPREAD_COLUMNS)[number], since: number) =>
    queryRows<ValueCount>(
      pool,
      `SELECT ${column} AS value, count(*) AS count FROM signal_reports WHERE received_at >= $1
        GROUP BY ${column} ORDER BY count DESC, ${column} COLLATE "C" LIMIT ${SPREAD_SIZE}`,
      [since],
    );

  const query: SignalQuery = {
    async signalSummary({ since, bucketMs }): Promise<SignalSummary> {
      const [reportBuckets, fallbackBuckets, topReasons, timeZones, languages, screens] = await Promise.all([
        queryRows<{ start: number; automation: boolean; count: number }>(
          pool,
          `SELECT received_at / $2::bigint * $2::bigint AS start, automation, count(*) AS count
             FROM signal_reports WHERE received_at >= $1 GROUP BY 1, 2`,
          [since, bucketMs],
        ),
        queryRows<{ start: number; count: number }>(
          pool,
          `SELECT received_at / $2::bigint * $2::bigint AS start, count(*) AS count
             FROM signal_fallbacks WHERE received_at >= $1 GROUP BY 1`,
          [since, bucketMs],
        ),
        queryRows<ValueCount>(
          pool,
          `SELECT r.value, count(*) AS count
             FROM signal_reports s, jsonb_array_elements_text(s.reasons) AS r(value)
            WHERE s.received_at >= $1 GROUP BY r.value ORDER BY count DESC, r.value COLLATE "C" LIMIT ${SPREAD_SIZE}`,
          [since],
        ),
        ...SPREAD_COLUMNS.map((column) => spread(column, since)),
      ]);
      const buckets = new Map<number, { start: number; people: number; automation: number; fallback: number }>();
      const bucket = (start: number) => {
        let entry = buckets.get(start);
        if (!entry) buckets.set(start, (entry = { start, people: 0, automation: 0, fallback: 0 }));
        return entry;
      };
      for (const row of reportBuckets) bucket(row.start)[row.automation ? 'automation' : 'people'] += row.count;
      for (const row of fallbackBuckets) bucket(row.start).fallback += row.count;
      const list = [...buckets.values()].sort((a, b) => a.start - b.start);
      const sum = (key: 'people' | 'automation' | 'fallback') => list.reduce((total, b) => total + b[key], 0);
      return {
        since,
        bucketMs,
        totals: { people: sum('people'), automation: sum('automation'), fallback: sum('fallback') },
        buckets: list,
        topReasons,
        timeZones: timeZones!,
        languages: languages!,
        screens: screens!,
      };
    },
    async recentSignalReports(limit) {
      const rows = await queryRows<ReportRow>(
        pool,
        `SELECT id, received_at, user_agent, automation, score, reasons, signals
           FROM signal_reports ORDER BY received_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        userAgent: row.user_agent,
        score: row.score,
        automation: row.automation,
        reasons: row.reasons,
        signals: row.signals,
      }));
    },
  };
  return { ingest, query };
}
