import type { Database } from 'better-sqlite3';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../../analytics/ports.js';
import { createRollupKeyCache, type LearnedKeys } from '../../analytics/rollupKeys.js';
import { countBy } from '../../analytics/rollupTuple.js';
import type { StoredDropReport } from '../../drops/contract.js';
import { sqliteAnalyticsReads } from './analyticsReads.js';
import { sqliteRollupWriter } from './analyticsRollups.js';
import type { GroupCommit } from './groupCommit.js';

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

/**
 * Analytics hits on SQLite. Each body's hits and drop report are stored all or nothing (a
 * savepoint); the hits really inserted (not a retry of a stored id, so a retried hit counts
 * once) are added to the rollups once per call, in the same transaction, so hits of many bodies
 * sharing a tuple and minute make one upsert per level. `writeBodies` is what `writeBatch` calls
 * (any failure fails it all); the ingest port gathers the bodies of every request that arrives
 * before the next group commit into one such call, each body failing alone. Rollup tuple ids
 * learned in a call are remembered once its transaction committed.
 */
export function createSqliteAnalytics(
  db: Database,
  writes: GroupCommit,
  writeDrop: (report: StoredDropReport) => void,
  options: SqliteAnalyticsOptions,
): {
  writeBodies: (bodies: readonly AnalyticsBody[]) => LearnedKeys;
  remember: (learned: LearnedKeys) => void;
  ingest: AnalyticsIngest;
  query: AnalyticsQuery;
} {
  // A hit id seen before is a retry of a stored hit (migration 7): nothing to add.
  const insert = db.prepare(`
    INSERT INTO analytics_hits (client_id, received_at, timestamp, type, path, non_interaction, vertical, locale,
      affiliate, affiliateskin, experiment, page_id, sub_page_id, presentation, pixel_context,
      login_state, session_id, placement, searchid, category, action, label, value, params)
    VALUES (@clientId, @receivedAt, @timestamp, @type, @path, @nonInteraction, @vertical, @locale, @affiliate,
      @affiliateskin, @experiment, @pageId, @subPageId, @presentation, @pixelContext, @loginState,
      @sessionId, @placement, @searchid, @category, @action, @label, @value, @params)
    ON CONFLICT (client_id) DO NOTHING`);
  const keys = createRollupKeyCache();
  const addToRollups = sqliteRollupWriter(db, keys);
  const none: LearnedKeys = new Map();
  // A body's drop report is stored with its hits or not at all.
  const storeBody = db.transaction((body: AnalyticsBody): StoredAnalyticsHit[] => {
    const fresh = body.hits.filter((hit) => insert.run(toRow(hit)).changes === 1);
    if (body.dropped) writeDrop(body.dropped);
    return fresh;
  });
  const count = (fresh: readonly StoredAnalyticsHit[]) => (options.rollups ? addToRollups(fresh) : none);
  const writeBodies = (bodies: readonly AnalyticsBody[]) => count(bodies.flatMap((body) => storeBody(body)));

  // Bodies waiting for the group commit's next transaction: one call of the group for them all.
  let waiting: Waiting[] | undefined;
  const writeWaiting = (bodies: Waiting[]) => {
    waiting = undefined;
    const failures = new Map<Waiting, unknown>();
    const fresh = bodies.flatMap((body) => {
      try {
        return storeBody(body);
      } catch (error) {
        failures.set(body, error);
        return [];
      }
    });
    return { learned: count(fresh), failures };
  };
  const insertAnalyticsHits = (hits: StoredAnalyticsHit[], dropped?: StoredDropReport) =>
    new Promise<void>((resolve, reject) => {
      const body: Waiting = { hits, dropped, resolve, reject };
      if (waiting) waiting.push(body);
      else {
        // In the list before `run`: with no fsync in flight the group commit runs the work at once.
        const bodies: Waiting[] = (waiting = [body]);
        writes.run(() => writeWaiting(bodies)).then(
          ({ learned, failures }) => {
            keys.remember(learned);
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

  return {
    writeBodies,
    remember: keys.remember,
    ingest: { insertAnalyticsHits },
    query: {
      async countAnalytics(filter, by, limit) {
        return countBy(reads.counts(filter), { by, limit });
      },
      async breakdownAnalytics(filter, breakdowns) {
        const counts = reads.counts(filter);
        return breakdowns.map((breakdown) => countBy(counts, breakdown));
      },
      async analyticsTimeline(filter, bucketMs) {
        return reads.timeline(filter, bucketMs);
      },
    },
  };
}

function toRow(hit: StoredAnalyticsHit) {
  return {
    // Hits from pages older than hit ids have none: stored, without deduplication.
    clientId: hit.id ?? null,
    receivedAt: hit.receivedAt,
    timestamp: hit.timestamp,
    type: hit.type,
    path: hit.path,
    nonInteraction: hit.nonInteraction ? 1 : 0,
    vertical: hit.vertical ?? null,
    locale: hit.locale ?? null,
    affiliate: hit.affiliate ?? null,
    affiliateskin: hit.affiliateskin ?? null,
    experiment: hit.experiment ?? null,
    pageId: hit.pageId ?? null,
    subPageId: hit.subPageId ?? null,
    presentation: hit.presentation ?? null,
    pixelContext: hit.pixelContext ?? null,
    loginState: hit.loginState ?? null,
    sessionId: hit.sessionId ?? null,
    placement: hit.placement ?? null,
    searchid: hit.searchid ?? null,
    category: hit.category ?? null,
    action: hit.action ?? null,
    label: hit.label ?? null,
    value: hit.value ?? null,
    params: hit.params ? JSON.stringify(hit.params) : null,
  };
}
