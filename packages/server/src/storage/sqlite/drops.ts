import type { Database } from 'better-sqlite3';
import type { DropBucket, DropCount, DropSummary, ProductDropCount, StoredDropReport } from '../../drops/contract.js';
import type { DropQuery, DropWindow } from '../../drops/ports.js';
import { dropRowsOf } from '../rows/drops.js';

const IN_WINDOW = 'received_at >= @from AND received_at < @to';

/**
 * Drop reports on SQLite. There is no ingest port: `write` opens no transaction of its own, and
 * the log and analytics writers call it inside the transaction that stores the same body's items.
 */
export function createSqliteDrops(db: Database): { write(report: StoredDropReport): void; query: DropQuery } {
  // Only a repeated key is skipped (a retry); unlike INSERT OR IGNORE, a CHECK failure still
  // throws and takes the whole batch's transaction down with it.
  const insert = db.prepare(`
    INSERT INTO drop_counts (source, report_id, reason, product, count, received_at)
    VALUES (@source, @report_id, @reason, @product, @count, @received_at)
    ON CONFLICT (source, report_id, reason) DO NOTHING`);
  const totals = db.prepare(`
    SELECT source, reason, SUM(count) AS count FROM drop_counts WHERE ${IN_WINDOW}
     GROUP BY source, reason ORDER BY count DESC, source, reason`);
  const byProduct = db.prepare(`
    SELECT product, reason, SUM(count) AS count FROM drop_counts
     WHERE ${IN_WINDOW} AND source = 'logs' AND product IS NOT NULL
     GROUP BY product, reason ORDER BY count DESC, product, reason`);
  // CAST keeps the division whole whatever type the driver binds the bucket size as.
  const timeline = db.prepare(`
    SELECT CAST(received_at / @bucketMs AS INTEGER) * @bucketMs AS start, source, reason, SUM(count) AS count
      FROM drop_counts WHERE ${IN_WINDOW}
     GROUP BY 1, source, reason ORDER BY 1, source, reason`);

  return {
    write(report) {
      for (const row of dropRowsOf(report)) insert.run(row);
    },
    query: {
      async dropSummary(window: DropWindow): Promise<DropSummary> {
        const range = { from: window.from, to: window.to };
        return {
          ...window,
          totals: totals.all(range) as DropCount[],
          byProduct: byProduct.all(range) as ProductDropCount[],
          buckets: timeline.all({ ...range, bucketMs: window.bucketMs }) as DropBucket[],
        };
      },
    },
  };
}
