import type pg from 'pg';
import type { NewSignalReport, SignalSummary, ValueCount } from '../../signals/contract.js';
import type { SignalIngest, SignalQuery } from '../../signals/ports.js';
import type { FallbackBucketRow, ReportBucketRow, SignalReportRow } from '../rows/signals.js';
import { SIGNAL_REPORT_COLUMNS, signalReportRow, signalSummary, SPREAD_COLUMNS, SPREAD_SIZE, toStoredSignalReport } from '../rows/signals.js';
import { inTransaction, pgJson, pgText, queryRows } from './db.js';
import { claimKeys } from './ingestKeys.js';

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
        const row = signalReportRow(report);
        await client.query(
          `INSERT INTO signal_reports (${SIGNAL_REPORT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            pgText(row.nonce), row.received_at, row.client_ts, pgText(row.user_agent), row.automation, row.score,
            pgJson(row.reasons), pgText(row.time_zone), pgText(row.language), row.screen, pgJson(row.signals),
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
        queryRows<ReportBucketRow>(
          pool,
          `SELECT received_at / $2::bigint * $2::bigint AS start, automation, count(*) AS count
             FROM signal_reports WHERE received_at >= $1 GROUP BY 1, 2`,
          [since, bucketMs],
        ),
        queryRows<FallbackBucketRow>(
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
      return signalSummary({ since, bucketMs }, reportBuckets, fallbackBuckets, {
        topReasons,
        timeZones: timeZones!,
        languages: languages!,
        screens: screens!,
      });
    },
    async recentSignalReports(limit) {
      const rows = await queryRows<SignalReportRow>(
        pool,
        `SELECT id, received_at, user_agent, automation, score, reasons, signals
           FROM signal_reports ORDER BY received_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map(toStoredSignalReport);
    },
  };
  return { ingest, query };
}
