import type { StoredAnalyticsHit } from '../../analytics/contract.js';

/**
 * An `analytics_hits` row in the column names both engines share, `non_interaction` and
 * `params` as values; each engine encodes those two as its column types want.
 */
export interface AnalyticsHitRow {
  client_id: string | null;
  received_at: number;
  timestamp: number;
  type: StoredAnalyticsHit['type'];
  path: string;
  non_interaction: boolean;
  vertical: string | null;
  locale: string | null;
  affiliate: string | null;
  affiliateskin: string | null;
  experiment: string | null;
  page_id: string | null;
  sub_page_id: string | null;
  presentation: string | null;
  pixel_context: string | null;
  login_state: string | null;
  session_id: string | null;
  placement: string | null;
  searchid: string | null;
  category: string | null;
  action: string | null;
  label: string | null;
  value: number | null;
  params: StoredAnalyticsHit['params'] | null;
}

/** The columns of {@link AnalyticsHitRow}, in the order both engines insert them. */
export const ANALYTICS_HIT_COLUMNS = `client_id, received_at, timestamp, type, path, non_interaction, vertical, locale,
  affiliate, affiliateskin, experiment, page_id, sub_page_id, presentation, pixel_context,
  login_state, session_id, placement, searchid, category, action, label, value, params`;

/** The row of a hit; an absent field is a null column. */
export function analyticsHitRow(hit: StoredAnalyticsHit): AnalyticsHitRow {
  return {
    // Hits from pages older than hit ids have none: stored, without deduplication.
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
