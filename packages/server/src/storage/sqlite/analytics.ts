import type { Database, Statement } from 'better-sqlite3';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from '../../analytics/contract.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../../analytics/ports.js';
import type { StoredDropReport } from '../../drops/contract.js';
import type { GroupCommit } from './groupCommit.js';

// Dimensions map to fixed SQL expressions: the only text ever put into a query.
const DIMENSION_SQL: Record<Dimension, string> = {
  vertical: 'vertical',
  locale: 'locale',
  affiliate: 'affiliate',
  path: 'path',
  category: 'category',
  interaction: `CASE WHEN type = 'pageview' THEN 'pageview' WHEN non_interaction = 1 THEN 'nonInteraction' ELSE 'interaction' END`,
};
const WHERE = `received_at >= @from AND received_at < @to
  AND (@vertical IS NULL OR vertical = @vertical)
  AND (@locale IS NULL OR locale = @locale)
  AND (@affiliate IS NULL OR affiliate = @affiliate)
  AND (@type IS NULL OR type = @type)`;
const COUNTS = `SUM(type = 'pageview') AS pageViews, SUM(type = 'event') AS events,
  SUM(type = 'event' AND non_interaction = 1) AS nonInteraction`;

const params = (f: AnalyticsFilter) => ({
  from: f.from,
  to: f.to,
  vertical: f.vertical ?? null,
  locale: f.locale ?? null,
  affiliate: f.affiliate ?? null,
  type: f.type ?? null,
});

type WriteHits = (hits: StoredAnalyticsHit[], dropped: StoredDropReport | undefined) => void;

/**
 * Analytics hits on SQLite. `write` stores a body's hits and its drop report (through
 * `writeDrop`) in one transaction, which nests as a savepoint in `writeBatch`'s; the ingest port
 * runs it through the group commit on its own.
 */
export function createSqliteAnalytics(
  db: Database,
  writes: GroupCommit,
  writeDrop: (report: StoredDropReport) => void,
): { write: WriteHits; ingest: AnalyticsIngest; query: AnalyticsQuery } {
  // A hit id seen before is a retry of a stored hit (migration 7): nothing to add.
  const insert = db.prepare(`
    INSERT INTO analytics_hits (client_id, received_at, timestamp, type, path, non_interaction, vertical, locale,
      affiliate, affiliateskin, experiment, page_id, sub_page_id, presentation, pixel_context,
      login_state, session_id, placement, searchid, category, action, label, value, params)
    VALUES (@clientId, @receivedAt, @timestamp, @type, @path, @nonInteraction, @vertical, @locale, @affiliate,
      @affiliateskin, @experiment, @pageId, @subPageId, @presentation, @pixelContext, @loginState,
      @sessionId, @placement, @searchid, @category, @action, @label, @value, @params)
    ON CONFLICT (client_id) DO NOTHING`);
  // A body's drop report is stored with its hits or not at all.
  const write = db.transaction((hits: StoredAnalyticsHit[], dropped: StoredDropReport | undefined) => {
    for (const hit of hits) insert.run(toRow(hit));
    if (dropped) writeDrop(dropped);
  });
  const byDimension = new Map<Dimension, Statement>();
  const timeline = db.prepare(`
    SELECT CAST((received_at - @first) / @bucket AS INTEGER) AS i, ${COUNTS}
      FROM analytics_hits WHERE ${WHERE} GROUP BY i`);

  return {
    write,
    ingest: {
      // Each hit is stored unless its id was stored before (a retry).
      insertAnalyticsHits: (hits, dropped) => writes.run(() => write(hits, dropped)),
    },
    query: {
      async countAnalytics(filter: AnalyticsFilter, by: Dimension, limit: number): Promise<AnalyticsCount[]> {
        let statement = byDimension.get(by);
        if (!statement) {
          statement = db.prepare(`
            SELECT ${DIMENSION_SQL[by]} AS key, ${COUNTS}
              FROM analytics_hits WHERE ${WHERE}
             GROUP BY key ORDER BY COUNT(*) DESC, key LIMIT @limit`);
          byDimension.set(by, statement);
        }
        return statement.all({ ...params(filter), limit }) as AnalyticsCount[];
      },
      async analyticsTimeline(filter: AnalyticsFilter, bucketMs: number): Promise<AnalyticsBucket[]> {
        const first = Math.floor(filter.from / bucketMs) * bucketMs;
        const rows = timeline.all({ ...params(filter), first, bucket: bucketMs }) as (Omit<AnalyticsBucket, 'start'> & { i: number })[];
        const found = new Map(rows.map(({ i, ...counts }) => [i, counts]));
        const size = Math.max(1, Math.ceil((filter.to - first) / bucketMs));
        return Array.from({ length: size }, (_, i) => ({
          start: first + i * bucketMs,
          ...(found.get(i) ?? { pageViews: 0, events: 0, nonInteraction: 0 }),
        }));
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
