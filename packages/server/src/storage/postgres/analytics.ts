import type pg from 'pg';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from '../../analytics/contract.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../../analytics/ports.js';
import { inTransaction, pgJson, queryRows, type Queryable } from './db.js';
import { writeDropReports } from './drops.js';
import { newItems } from './ingestKeys.js';

// Dimensions map to fixed SQL expressions: the only text ever put into a query.
const DIMENSION_SQL: Record<Dimension, string> = {
  vertical: 'vertical',
  locale: 'locale',
  affiliate: 'affiliate',
  path: 'path',
  category: 'category',
  interaction: `CASE WHEN type = 'pageview' THEN 'pageview' WHEN non_interaction THEN 'nonInteraction' ELSE 'interaction' END`,
};
const WHERE = `received_at >= $1 AND received_at < $2
  AND ($3::text IS NULL OR vertical = $3)
  AND ($4::text IS NULL OR locale = $4)
  AND ($5::text IS NULL OR affiliate = $5)
  AND ($6::text IS NULL OR type = $6)`;
const COUNTS = `COUNT(*) FILTER (WHERE type = 'pageview') AS "pageViews",
  COUNT(*) FILTER (WHERE type = 'event') AS events,
  COUNT(*) FILTER (WHERE type = 'event' AND non_interaction) AS "nonInteraction"`;

const params = (f: AnalyticsFilter) => [f.from, f.to, f.vertical ?? null, f.locale ?? null, f.affiliate ?? null, f.type ?? null];

/**
 * Stores each hit unless its id was stored before (a retry); hits without an id (pages older
 * than hit ids) are stored as they come. Runs inside the caller's transaction.
 */
export async function writeAnalyticsHits(db: Queryable, hits: readonly StoredAnalyticsHit[]): Promise<void> {
  const fresh = await newItems(db, 'analytics', hits, (hit) => hit.id ?? null, Date.now());
  if (fresh.length === 0) return;
  await db.query(
    `INSERT INTO analytics_hits (client_id, received_at, timestamp, type, path, non_interaction, vertical, locale,
       affiliate, affiliateskin, experiment, page_id, sub_page_id, presentation, pixel_context,
       login_state, session_id, placement, searchid, category, action, label, value, params)
     SELECT client_id, received_at, timestamp, type, path, non_interaction, vertical, locale,
       affiliate, affiliateskin, experiment, page_id, sub_page_id, presentation, pixel_context,
       login_state, session_id, placement, searchid, category, action, label, value, params
       FROM jsonb_to_recordset($1::jsonb) AS r(client_id TEXT, received_at BIGINT, timestamp BIGINT, type TEXT, path TEXT,
         non_interaction BOOLEAN, vertical TEXT, locale TEXT, affiliate TEXT, affiliateskin TEXT, experiment TEXT,
         page_id TEXT, sub_page_id TEXT, presentation TEXT, pixel_context TEXT, login_state TEXT, session_id TEXT,
         placement TEXT, searchid TEXT, category TEXT, action TEXT, label TEXT, value FLOAT8, params JSONB)`,
    [pgJson(fresh.map(toRow))],
  );
}

/** The analytics ports over the pool; a body's hits and drop report are one transaction. */
export function createPostgresAnalytics(pool: pg.Pool): { ingest: AnalyticsIngest; query: AnalyticsQuery } {
  return {
    ingest: {
      insertAnalyticsHits: (hits, dropped) =>
        inTransaction(pool, async (client) => {
          await writeAnalyticsHits(client, hits);
          if (dropped) await writeDropReports(client, [dropped]);
        }),
    },
    query: {
      countAnalytics(filter, by, limit) {
        const dimension = DIMENSION_SQL[by];
        // NULLS FIRST and byte order: ties come out as SQLite orders them.
        return queryRows<AnalyticsCount>(
          pool,
          `SELECT ${dimension} AS key, ${COUNTS}
             FROM analytics_hits WHERE ${WHERE}
            GROUP BY 1 ORDER BY COUNT(*) DESC, (${dimension}) COLLATE "C" NULLS FIRST LIMIT $7`,
          [...params(filter), limit],
        );
      },
      async analyticsTimeline(filter, bucketMs) {
        const first = Math.floor(filter.from / bucketMs) * bucketMs;
        const rows = await queryRows<Omit<AnalyticsBucket, 'start'> & { i: number }>(
          pool,
          `SELECT (received_at - $7::bigint) / $8::bigint AS i, ${COUNTS}
             FROM analytics_hits WHERE ${WHERE} GROUP BY 1`,
          [...params(filter), first, bucketMs],
        );
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
    client_id: hit.id ?? null,
    received_at: hit.receivedAt,
    timestamp: hit.timestamp,
    type: hit.type,
    path: hit.path,
    non_interaction: Boolean(hit.nonInteraction),
    vertical: hit.vertical ?? null,
    locale: hit.locale ?? null,
    affiliate: hit.affiliate ?? null,
    affiliateskin: hit.affiliateskin ?? null,
    experiment: hit.experiment ?? null,
    page_id: hit.pageId ?? null,
    sub_page_id: hit.subPageId ?? null,
    presentation: hit.presentation ?? null,
    pixel_context: hit.pixelContext ?? null,
    login_state: hit.loginState ?? null,
    session_id: hit.sessionId ?? null,
    placement: hit.placement ?? null,
    searchid: hit.searchid ?? null,
    category: hit.category ?? null,
    action: hit.action ?? null,
    label: hit.label ?? null,
    value: hit.value ?? null,
    params: hit.params ?? null,
  };
}
