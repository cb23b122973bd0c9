import type { AnalyticsContext, AnalyticsEvent } from './types.js';

// An absent or empty segment is '-', so every path has the same number of segments and splits
// the same way; a real '-' is escaped so the two never meet.
const segment = (value: string | number | undefined): string =>
  value === undefined || value === '' || (typeof value === 'number' && !isFinite(value))
    ? '-'
    : value === '-'
      ? '%2D'
      : encodeURIComponent(value);

/** `/vs/page/{vertical}/{pageId}/{subPageId}`: the virtual path of a page view. */
export function pageViewPath({ vertical, pageId, subPageId }: AnalyticsContext): string {
  return ['/vs/page', vertical, pageId, subPageId].map((s, i) => (i ? segment(s) : s)).join('/');
}

/**
 * `/vs/{vertical}/{pageId}/{subPageId}/{category}/{action}/{label}/{value}`, plus
 * `/nonInteraction` for automatic events: the virtual path of an event.
 */
export function eventPath({ vertical, pageId, subPageId }: AnalyticsContext, event: AnalyticsEvent): string {
  const { category, action, label, value } = event;
  return '/vs/' + [vertical, pageId, subPageId, category, action, label, value].map(segment).join('/') + (event.nonInteraction ? '/nonInteraction' : '');
}
