import type { Database, Statement } from 'better-sqlite3';
import type { AnalyticsBucket, AnalyticsFilter } from '../../analytics/contract.js';
import { planWindow } from '../../analytics/rollupWindow.js';
import { mergeTimeline, tupleCounts, type TimelineRow, type TupleRow } from '../../analytics/rollupReads.js';
import type { TupleCount } from '../../analytics/rollupTuple.js';
import { MINUTE_MS, levelFor } from '../../rollups/timeGrid.js';
import type { WindowPiece } from '../../rollups/timeGrid.js';

const FILTER = (table: string) => `(@vertical IS NULL OR ${table}vertical = @vertical)
  AND (@locale IS NULL OR ${table}locale = @locale)
  AND (@affiliate IS NULL OR ${table}affiliate = @affiliate)
  AND (@type IS NULL OR ${table}type = @type)`;
const RAW_WHERE = `received_at >= @from AND received_at < @to AND ${FILTER('')}`;
const TUPLE = 'type, non_interaction AS nonInteraction, path, category, vertical, locale, affiliate';
const COUNTS = (n: string, table: string) => `SUM(CASE WHEN ${table}type = 'pageview' THEN ${n} ELSE 0 END) AS pageViews,
  SUM(CASE WHEN ${table}type = 'event' THEN ${n} ELSE 0 END) AS events,
  SUM(CASE WHEN ${table}type = 'event' AND ${table}non_interaction = 1 THEN ${n} ELSE 0 END) AS nonInteraction`;

const filterParams = (f: AnalyticsFilter) => ({
  vertical: f.vertical ?? null,
  locale: f.locale ?? null,
  affiliate: f.affiliate ?? null,
  type: f.type ?? null,
});

/** The rollup rows of every piece, one range of each level's primary key; level names are fixed. */
const piecesSql = (pieces: readonly WindowPiece[]) =>
  pieces.map((p, i) => `SELECT start, key_id, n FROM analytics_rollup_${p.level} WHERE start >= @f${i} AND start < @t${i}`).join(' UNION ALL ');
const pieceParams = (pieces: readonly WindowPiece[]) =>
  Object.fromEntries(pieces.flatMap((p, i) => [[`f${i}`, p.from], [`t${i}`, p.to]]));

/**
 * The console's analytics reads on SQLite: whole minutes of the window from the rollups, the
 * partial minutes at its edges from the raw hits (rollupWindow.ts). Counts are summed per tuple
 * before the join to the few tuples (at most one row each to filter and break down in JS); a
 * timeline joins first and sums per bucket, so no grouping ever holds buckets × tuples. Rows read
 * depend on the window and the number of tuples, not on the traffic.
 */
export function sqliteAnalyticsReads(db: Database, rawDays: number) {
  const statements = new Map<string, Statement>();
  const prepared = (key: string, sql: () => string) => {
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = db.prepare(sql())));
    return statement;
  };
  const rawTuples = db.prepare(`SELECT ${TUPLE}, COUNT(*) AS n FROM analytics_hits WHERE ${RAW_WHERE}
    GROUP BY type, non_interaction, path, category, vertical, locale, affiliate`);
  const rawTimeline = db.prepare(`SELECT CAST((received_at - @first) / @bucket AS INTEGER) AS i, ${COUNTS('1', '')}
    FROM analytics_hits WHERE ${RAW_WHERE} GROUP BY i`);

  return {
    /** Hits per dimension tuple in the window, filters applied. */
    counts(filter: AnalyticsFilter, now = Date.now()): TupleCount[] {
      const plan = planWindow(filter.from, filter.to, MINUTE_MS, 'day', now, rawDays);
      const params = filterParams(filter);
      const rows: TupleRow[] = [];
      if (plan.pieces.length > 0) {
        const shape = plan.pieces.map((p) => p.level).join();
        const statement = prepared(`counts:${shape}`, () => `
          SELECT k.${TUPLE.replaceAll(', ', ', k.')}, t.n FROM (SELECT key_id, SUM(n) AS n FROM (${piecesSql(plan.pieces)}) GROUP BY key_id) t
            JOIN analytics_rollup_keys k ON k.id = t.key_id WHERE ${FILTER('k.')}`);
        rows.push(...(statement.all({ ...params, ...pieceParams(plan.pieces) }) as TupleRow[]));
      }
      for (const range of plan.raw) rows.push(...(rawTuples.all({ ...params, ...range }) as TupleRow[]));
      return tupleCounts(rows);
    },
    /** Counts per bucket of `bucketMs` from the one holding `filter.from`, empty buckets included. */
    timeline(filter: AnalyticsFilter, bucketMs: number, now = Date.now()): AnalyticsBucket[] {
      const plan = planWindow(filter.from, filter.to, bucketMs, levelFor(bucketMs), now, rawDays);
      const first = Math.floor(filter.from / bucketMs) * bucketMs;
      const params = { ...filterParams(filter), first, bucket: bucketMs };
      const rows: TimelineRow[] = [];
      if (plan.pieces.length > 0) {
        const shape = plan.pieces.map((p) => p.level).join();
        const statement = prepared(`timeline:${shape}`, () => `
          SELECT CAST((p.start - @first) / @bucket AS INTEGER) AS i, ${COUNTS('p.n', 'k.')} FROM (${piecesSql(plan.pieces)}) p
            JOIN analytics_rollup_keys k ON k.id = p.key_id WHERE ${FILTER('k.')} GROUP BY i`);
        rows.push(...(statement.all({ ...params, ...pieceParams(plan.pieces) }) as TimelineRow[]));
      }
      for (const range of plan.raw) rows.push(...(rawTimeline.all({ ...params, ...range }) as TimelineRow[]));
      return mergeTimeline(rows, filter, bucketMs);
    },
  };
}
