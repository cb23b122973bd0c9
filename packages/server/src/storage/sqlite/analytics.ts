import type { Database } from 'better-sqlite3';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../../analytics/ports.js';
import { countBy } from '../../analytics/rollupTuple.js';
import type { StoredDropReport } from '../../drops/contract.js';
import { sqliteAnalyticsReads } from './analyticsReads.js';
import { createSqliteAnalyticsRollups } from './analyticsRollups.js';
import { createPendingRollups } from './pendingRollups.js';
import { analyticsHitRow, ANALYTICS_HIT_COLUMNS } from '../rows/analytics.js';
import type { GroupCommit } from './groupCommit.js';
import { dropPendingOnThrow } from './pendingMarks.js';
import type { PendingMarks } from './pendingMarks.js';

/** A request body's hits and drop report, as a route hands them over. */
export interface AnalyticsBody {
  hits: StoredAnalyticsHit[];
  dropped?: StoredDropReport;
}

export interface SqliteAnalyticsOptions {
  /** Maintain the rollups on ingest (default); off only to measure their cost. */
  rollups: boolean;
  /** Days raw hits are kept: a window's edge older than this is read from whole rollup rows. */
  rawDays: number;
}

interface Waiting extends AnalyticsBody {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What the store calls; `close` once the group commit is closed (writes the rollups still pending). */
export interface SqliteAnalytics extends PendingMarks {
  /** Stores the bodies inside the caller's transaction (`writeBatch`'s); any failure fails it all. */
  writeBodies(bodies: readonly AnalyticsBody[]): void;
  close(): Promise<void>;
  ingest: AnalyticsIngest;
  query: AnalyticsQuery;
}

/**
 * Analytics hits on SQLite. Each body's hits and drop report are stored all or nothing (a
 * savepoint). With `rollups`, each hit really inserted (not a retry of a stored id, so a retried
 * hit counts once) is counted into sums in memory once its transaction committed, and those are
 * written about once a second (pendingRollups.ts), always before a read of the rollups. The
 * ingest port gathers the bodies of every request that arrives before the next group commit into
 * one call of the group, each body failing alone.
 */
export function createSqliteAnalytics(
  db: Database,
  writes: GroupCommit,
  writeDrop: (report: StoredDropReport) => void,
  options: SqliteAnalyticsOptions,
): SqliteAnalytics {
  // A hit id seen before is a retry of a stored hit (migration 7): nothing to add.
  const insert = db.prepare(`
    INSERT INTO analytics_hits (${ANALYTICS_HIT_COLUMNS})
    VALUES (${ANALYTICS_HIT_COLUMNS.replace(/\w+/g, '@$&')})
    ON CONFLICT (client_id) DO NOTHING`);
  const pending = options.rollups ? createPendingRollups(db, writes, createSqliteAnalyticsRollups(db)) : undefined;
  // The hits added in the open transaction, for a savepoint's owner to drop if it rolls back.
  const marks: PendingMarks = { mark: () => pending?.mark() ?? 0, rewind: (mark) => pending?.rewind(mark) };
  // A body's drop report is stored with its hits or not at all, and its hits added to the pending rollups only if both were.
  const storeBody = db.transaction((body: AnalyticsBody) =>
    dropPendingOnThrow([marks], () => {
      for (const hit of body.hits) {
        const { changes, lastInsertRowid } = insert.run(toRow(hit));
        // Only a hit really stored counts: a retry's DO NOTHING changes no row.
        if (changes === 1) pending?.add(hit, Number(lastInsertRowid));
      }
      if (body.dropped) writeDrop(body.dropped);
    }),
  );

  // Bodies waiting for the group commit's next transaction: one call of the group for them all.
  let waiting: Waiting[] | undefined;
  const writeWaiting = (bodies: Waiting[]) => {
    waiting = undefined;
    const failures = new Map<Waiting, unknown>();
    for (const body of bodies) {
      try {
        storeBody(body);
      } catch (error) {
        failures.set(body, error);
      }
    }
    return failures;
  };
  const insertAnalyticsHits = (hits: StoredAnalyticsHit[], dropped?: StoredDropReport) =>
    new Promise<void>((resolve, reject) => {
      const body: Waiting = { hits, dropped, resolve, reject };
      if (waiting) waiting.push(body);
      else {
        // In the list before `run`: with no fsync in flight the group commit runs the work at once.
        const bodies: Waiting[] = (waiting = [body]);
        writes.run(() => writeWaiting(bodies)).then(
          (failures) => {
            for (const body of bodies) {
              if (failures.has(body)) body.reject(failures.get(body));
              else body.resolve();
            }
          },
          (error: unknown) => bodies.forEach((waiter) => waiter.reject(error)),
        );
      }
    });
  const reads = sqliteAnalyticsReads(db, options.rawDays);
  // What was acknowledged before a read is in the rollup rows it reads.
  const settled = async () => pending?.settle();

  return {
    writeBodies: (bodies) => bodies.forEach((body) => storeBody(body)),
    ...marks,
    close: async () => pending?.close(),
    ingest: { insertAnalyticsHits },
    query: {
      async countAnalytics(filter, by, limit) {
        await settled();
        return countBy(reads.counts(filter), { by, limit });
      },
      async breakdownAnalytics(filter, breakdowns) {
        await settled();
        const counts = reads.counts(filter);
        return breakdowns.map((breakdown) => countBy(counts, breakdown));
      },
      async analyticsTimeline(filter, bucketMs) {
        await settled();
        return reads.timeline(filter, bucketMs);
      },
    },
  };
}

/** The hit's row with SQLite's encodings: a 0/1 flag and the params as JSON text. */
function toRow(hit: StoredAnalyticsHit) {
  const row = analyticsHitRow(hit);
  return { ...row, non_interaction: row.non_interaction ? 1 : 0, params: row.params && JSON.stringify(row.params) };
}
