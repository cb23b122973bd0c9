import type pg from 'pg';
import type { DropBucket, DropCount, ProductDropCount, StoredDropReport } from '../../drops/contract.js';
import type { DropQuery } from '../../drops/ports.js';
import type { DropRow } from '../rows/drops.js';
import { dropRowsOf } from '../rows/drops.js';
import { pgJson, queryRows, type Queryable } from './db.js';
import { newItems } from './ingestKeys.js';

/**
 * Stores drop reports inside the caller's transaction (the one storing the same body's items):
 * a row per report and non-zero reason, each (source, report, reason) once however often the
 * report is re-sent. The log and analytics adapters call this.
 */
export async function writeDropReports(db: Queryable, reports: readonly StoredDropReport[]): Promise<void> {
  const rows = reports.flatMap(dropRowsOf);
  const fresh: DropRow[] = [];
  for (const source of ['logs', 'analytics'] as const) {
    const ofSource = rows.filter((row) => row.source === source);
    fresh.push(...(await newItems(db, `drops:${source}`, ofSource, (row) => JSON.stringify([row.report_id, row.reason]), Date.now())));
  }
  if (fresh.length === 0) return;
  await db.query(
    `INSERT INTO drop_counts (source, report_id, reason, product, count, received_at)
     SELECT source, report_id, reason, product, count, received_at
       FROM jsonb_to_recordset($1::jsonb) AS r(source TEXT, report_id TEXT, reason TEXT, product TEXT, count INTEGER, received_at BIGINT)`,
    [pgJson(fresh)],
  );
}

const IN_WINDOW = 'received_at >= $1 AND received_at < $2';

/**
 * The console's drop summary. Text sorts byte-wise (COLLATE "C") so ties come out in the same
 * order as on SQLite whatever the database's locale.
 */
export function createPostgresDropQuery(pool: pg.Pool): DropQuery {
  return {
    async dropSummary(window) {
      const range = [window.from, window.to];
      const [totals, byProduct, buckets] = await Promise.all([
        queryRows<DropCount>(
          pool,
          `SELECT source, reason, SUM(count) AS count FROM drop_counts WHERE ${IN_WINDOW}
            GROUP BY source, reason ORDER BY count DESC, source COLLATE "C", reason COLLATE "C"`,
          range,
        ),
        queryRows<ProductDropCount>(
          pool,
          `SELECT product, reason, SUM(count) AS count FROM drop_counts
            WHERE ${IN_WINDOW} AND source = 'logs' AND product IS NOT NULL
            GROUP BY product, reason ORDER BY count DESC, product COLLATE "C", reason COLLATE "C"`,
          range,
        ),
        queryRows<DropBucket>(
          pool,
          `SELECT received_at / $3::bigint * $3::bigint AS start, source, reason, SUM(count) AS count
             FROM drop_counts WHERE ${IN_WINDOW}
            GROUP BY 1, source, reason ORDER BY 1, source COLLATE "C", reason COLLATE "C"`,
          [...range, window.bucketMs],
        ),
      ]);
      return { ...window, totals, byProduct, buckets };
    },
  };
}
