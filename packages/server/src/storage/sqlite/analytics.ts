import type { Database } from 'better-sqlite3';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../../analytics/ports.js';
import { createRollupKeyCache, type LearnedKeys } from '../../analytics/rollupKeys.js';
import { countBy } from '../../analytics/rollupTuple.js';
import type { StoredDropReport } from '../../drops/contract.js';
import { sqliteAnalyticsReads } from './analyticsReads.js';
import { sqliteRollupWriter } from './analyticsRollups.js';
import type { GroupCommit } from './groupCommit.js';

type WriteHits = (hits: StoredAnalyticsHit[], dropped: StoredDropReport | undefined) => LearnedKeys;

export interface SqliteAnalyticsOptions {
  /** Maintain the rollups on ingest (default); off only to measure their cost. */
  rollups: boolean;
  /** Days raw hits are kept: a window's edge older than this is read from whole rollup rows. */
  rawDays: number;
}

/**
 * Analytics hits on SQLite. `write` stores a body's hits, their rollup counts and its drop report
 * (through `writeDrop`) in one transaction, which nests as a savepoint in `writeBatch`'s; the
 * ingest port runs it through the group commit on its own. It returns the rollup tuple ids it
 * learned, for `remember` once the enclosing transaction committed.
 */
export function createSqliteAnalytics(
  db: Database,
  writes: GroupCommit,
  writeDrop: (report: StoredDropReport) => void,
  options: SqliteAnalyticsOptions,
): { write: WriteHits; remember: (learned: LearnedKeys) => void; ingest: AnalyticsIngest; query: AnalyticsQuery } {
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
  // A body's drop report is stored with its hits or not at all; only hits really inserted (not a
  // retry of a stored id) are counted in the rollups, so a retried hit counts once.
  const write = db.transaction((hits: StoredAnalyticsHit[], dropped: StoredDropReport | undefined): LearnedKeys => {
    const fresh = hits.filter((hit) => insert.run(toRow(hit)).changes === 1);
    if (dropped) writeDrop(dropped);
    return options.rollups ? addToRollups(fresh) : none;
  });
  const reads = sqliteAnalyticsReads(db, options.rawDays);

  return {
    write,
    remember: keys.remember,
    ingest: {
      insertAnalyticsHits: async (hits, dropped) => keys.remember(await writes.run(() => write(hits, dropped))),
    },
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
