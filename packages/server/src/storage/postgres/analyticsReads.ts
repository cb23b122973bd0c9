import type pg from 'pg';
import type { AnalyticsBucket, AnalyticsFilter } from '../../analytics/contract.js';
import { mergeTimeline, tupleCounts, type TimelineRow, type TupleRow } from '../../analytics/rollupReads.js';
import type { TupleCount } from '../../analytics/rollupTuple.js';
import { planWindow } from '../../analytics/rollupWindow.js';
import { MINUTE_MS, levelFor } from '../../rollups/timeGrid.js';
import type { WindowPiece } from '../../rollups/timeGrid.js';
import { queryRows } from './db.js';

// $1..$4 are the filter's values in every statement below.
const FILTER = (table: string) => `($1::text IS NULL OR ${table}vertical = $1)
  AND ($2::text IS NULL OR ${table}locale = $2)
  AND ($3::text IS NULL OR ${table}affiliate = $3)
  AND ($4::text IS NULL OR ${table}type = $4)`;
const RAW_WHERE = `received_at >= $5 AND received_at < $6 AND ${FILTER('')}`;
const TUPLE = (table: string) =>
  `${table}type, ${table}non_interaction AS "nonInteraction", ${table}path, ${table}category, ${table}vertical, ${table}locale, ${table}affiliate`;
const COUNTS = (n: string, table: string) => `SUM(CASE WHEN ${table}type = 'pageview' THEN ${n} ELSE 0 END) AS "pageViews",
  SUM(CASE WHEN ${table}type = 'event' THEN ${n} ELSE 0 END) AS events,
  SUM(CASE WHEN ${table}type = 'event' AND ${table}non_interaction THEN ${n} ELSE 0 END) AS "nonInteraction"`;

const filterParams = (f: AnalyticsFilter) => [f.vertical ?? null, f.locale ?? null, f.affiliate ?? null, f.type ?? null];

/** The rollup rows of every piece (parameters from `$first` on), one range of each level's primary key. */
const piecesSql = (pieces: readonly WindowPiece[], first: number) =>
  pieces
    .map((p, i) => `SELECT start, key_id, n FROM analytics_rollup_${p.level} WHERE start >= $${first + 2 * i}::bigint AND start < $${first + 2 * i + 1}::bigint`)
    .join(' UNION ALL ');
const pieceParams = (pieces: readonly WindowPiece[]) => pieces.flatMap((p) => [p.from, p.to]);

/**
 * The console's analytics reads on PostgreSQL, the same plan as SQLite's (analyticsReads.ts
 * there): whole minutes from the rollups, counts summed per tuple before the join to the few
 * tuples, a timeline joined first and summed per bucket; the partial minutes at the window's
 * edges from the raw hits.
 */
export function postgresAnalyticsReads(pool: pg.Pool, rawDays: number) {
  return {
    async counts(filter: AnalyticsFilter, now = Date.now()): Promise<TupleCount[]> {
      const plan = planWindow(filter.from, filter.to, MINUTE_MS, 'day', now, rawDays);
      const reads: Promise<TupleRow[]>[] = plan.raw.map((range) =>
        queryRows<TupleRow>(
          pool,
          `SELECT ${TUPLE('')}, COUNT(*) AS n FROM analytics_hits WHERE ${RAW_WHERE}
            GROUP BY type, non_interaction, path, category, vertical, locale, affiliate`,
          [...filterParams(filter), range.from, range.to],
        ),
      );
      if (plan.pieces.length > 0) {
        reads.push(
          queryRows<TupleRow>(
            pool,
            `SELECT ${TUPLE('k.')}, t.n FROM (SELECT key_id, SUM(n) AS n FROM (${piecesSql(plan.pieces, 5)}) p GROUP BY key_id) t
               JOIN analytics_rollup_keys k ON k.id = t.key_id WHERE ${FILTER('k.')}`,
            [...filterParams(filter), ...pieceParams(plan.pieces)],
          ),
        );
      }
      return tupleCounts((await Promise.all(reads)).flat());
    },
    async timeline(filter: AnalyticsFilter, bucketMs: number, now = Date.now()): Promise<AnalyticsBucket[]> {
      const plan = planWindow(filter.from, filter.to, bucketMs, levelFor(bucketMs), now, rawDays);
      const first = Math.floor(filter.from / bucketMs) * bucketMs;
      const reads: Promise<TimelineRow[]>[] = plan.raw.map((range) =>
        queryRows<TimelineRow>(
          pool,
          `SELECT (received_at - $7::bigint) / $8::bigint AS i, ${COUNTS('1', '')} FROM analytics_hits WHERE ${RAW_WHERE} GROUP BY 1`,
          [...filterParams(filter), range.from, range.to, first, bucketMs],
        ),
      );
      if (plan.pieces.length > 0) {
        reads.push(
          queryRows<TimelineRow>(
            pool,
            `SELECT (p.start - $5::bigint) / $6::bigint AS i, ${COUNTS('p.n', 'k.')} FROM (${piecesSql(plan.pieces, 7)}) p
               JOIN analytics_rollup_keys k ON k.id = p.key_id WHERE ${FILTER('k.')} GROUP BY 1`,
            [...filterParams(filter), first, bucketMs, ...pieceParams(plan.pieces)],
          ),
        );
      }
      return mergeTimeline((await Promise.all(reads)).flat(), filter, bucketMs);
    },
  };
}
