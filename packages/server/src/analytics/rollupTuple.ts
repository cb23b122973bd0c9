import { createHash } from 'node:crypto';
import type { AnalyticsCount, Dimension, StoredAnalyticsHit } from './contract.js';

/**
 * What one analytics rollup row counts: the hits of one minute, hour or day that share this
 * tuple. It holds exactly what a console filter or breakdown reads (consoleAnalyticsRoutes.ts and
 * the `DIMENSIONS` of the port): type, interaction, path, category, vertical, locale, affiliate —
 * nothing else of a hit (no session, search id, label or params), so the number of distinct
 * tuples is bounded by the product's pages and events, not by its traffic.
 *
 * The path is the one field that could break that bound. The platform builds it (paths.ts) as
 * `/vs/page/{vertical}/{pageId}/{subPageId}` for page views — bounded by the site's pages — and
 * `/vs/{vertical}/{pageId}/{subPageId}/{category}/{action}/{label}/{value}` for events, where
 * label and value are whatever the product's code passes (e.g. `results/shown/-/40`, a result
 * count): bounded only as long as the product keeps ids, queries and free text out of labels and
 * values, which docs/analytics.md asks of it. The top-paths view groups by this path as sent, so
 * the rollups keep it whole to give the same numbers as the raw rows. Each tuple is a row of the
 * small `analytics_rollup_keys` table; rollup rows carry only its integer id.
 */
export interface HitTuple {
  type: 'pageview' | 'event';
  /** Events only: a page view's flag counts nowhere, so it is dropped to keep tuples few. */
  nonInteraction: boolean;
  path: string;
  category: string | null;
  vertical: string | null;
  locale: string | null;
  affiliate: string | null;
}

const same = (value: string) => value;

/** The tuple of a stored hit; `text` is how the engine stores text (PostgreSQL's pgText). */
export function tupleOf(hit: StoredAnalyticsHit, text: (value: string) => string = same): HitTuple {
  return {
    type: hit.type,
    nonInteraction: hit.type === 'event' && hit.nonInteraction === true,
    path: text(hit.path),
    category: hit.category === undefined ? null : text(hit.category),
    vertical: hit.vertical === undefined ? null : text(hit.vertical),
    locale: hit.locale === undefined ? null : text(hit.locale),
    affiliate: hit.affiliate === undefined ? null : text(hit.affiliate),
  };
}

const field = (value: string | null) => (value === null ? '|-' : `|${value.length}:${value}`);

/**
 * One text per tuple, the key of maps and caches and what its digest is made of: each text
 * field prefixed by its length (absent: `-`), so no value can be mistaken for a separator, and
 * built per hit about five times faster than JSON.
 */
export function tupleText(t: HitTuple): string {
  return `${t.type}:${t.nonInteraction ? 1 : 0}${field(t.path)}${field(t.category)}${field(t.vertical)}${field(t.locale)}${field(t.affiliate)}`;
}

/** What `analytics_rollup_keys.digest` holds: a fixed-size unique key however long the path. */
export function tupleDigest(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

/** Hits counted per tuple, as a read gathers them from rollup rows and raw edges. */
export interface TupleCount {
  tuple: HitTuple;
  n: number;
}

/** One breakdown of a read: counts per value of `by`, the `limit` most frequent. */
export interface Breakdown {
  by: Dimension;
  limit: number;
}

const dimensionValue = (t: HitTuple, by: Dimension): string | null => {
  if (by !== 'interaction') return t[by];
  if (t.type === 'pageview') return 'pageview';
  return t.nonInteraction ? 'nonInteraction' : 'interaction';
};

/**
 * Counts per value of `by`, ordered as the raw SQL ordered them: most hits first, ties by value
 * with no value (null) first and text in byte order (SQLite's BINARY, PostgreSQL's "C").
 */
export function countBy(counts: readonly TupleCount[], { by, limit }: Breakdown): AnalyticsCount[] {
  const rows = new Map<string | null, AnalyticsCount>();
  for (const { tuple, n } of counts) {
    const key = dimensionValue(tuple, by);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, pageViews: 0, events: 0, nonInteraction: 0 }));
    if (tuple.type === 'pageview') row.pageViews += n;
    else {
      row.events += n;
      if (tuple.nonInteraction) row.nonInteraction += n;
    }
  }
  const total = (row: AnalyticsCount) => row.pageViews + row.events;
  return [...rows.values()].sort((a, b) => total(b) - total(a) || byteOrder(a.key, b.key)).slice(0, limit);
}

/** Null first, then UTF-8 byte order (UTF-16 order differs only once surrogates are involved). */
export function byteOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (/[\ud800-\uffff]/.test(a) || /[\ud800-\uffff]/.test(b)) return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a < b ? -1 : 1;
}
