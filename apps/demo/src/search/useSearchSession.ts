import { useState } from 'react';
import { useAnalytics, useLogger } from '@tarmac/react';
import type { SearchState } from './searchTypes';
import type { SearchQuery } from './validateSearch';
import { pushResultsRoute } from './resultsRoute';
import { verticals } from './verticals';
import type { Vertical, VerticalId } from './verticals';

/** The page's searches: the active vertical and the last search made on each. */
export interface SearchSession {
  vertical: Vertical;
  setVertical(id: VerticalId): void;
  search?: SearchState;
  submit(query: SearchQuery): void;
  update(next: SearchState): void;
}

let nextSearchId = 1;

/**
 * Keeps one search per vertical, so switching tabs brings back that vertical's results. A
 * submitted form starts a new search (first page, no filters) and is one analytics event.
 */
export function useSearchSession(): SearchSession {
  const logger = useLogger();
  const analytics = useAnalytics();
  const [active, setActive] = useState<VerticalId>('flights');
  const [searches, setSearches] = useState<Partial<Record<VerticalId, SearchState>>>({});
  const vertical = verticals.find((v) => v.id === active) ?? verticals[0]!;
  const update = (next: SearchState) => setSearches((previous) => ({ ...previous, [active]: next }));
  return {
    vertical,
    setVertical: setActive,
    search: searches[active],
    update,
    submit(query) {
      const focus = (searches[active]?.focus ?? 0) + 1;
      const id = nextSearchId++;
      update({ id, query, page: 1, filters: {}, focus });
      pushResultsRoute(active, id, 1);
      logger.info('search submitted', { vertical: active, travellers: query.travellers });
      analytics.trackEvent({ category: 'search', action: 'submit', label: [query.from, query.to].filter(Boolean).join(' → '), value: query.travellers });
    },
  };
}
