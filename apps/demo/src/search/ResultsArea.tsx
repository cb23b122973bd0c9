import { useAnalytics } from '@tarmac/react';
import { Dynamic } from '../dynamic/Dynamic';
import { useText } from '../locale/useText';
import { ResultsPageReport } from './ResultsPageReport';
import { pushResultsRoute } from './resultsRoute';
import type { FiltersProps, SearchFilters, SearchResultsProps, SearchState } from './searchTypes';
import { useSearchResults } from './useSearchResults';
import type { Vertical } from './verticals';

interface ResultsAreaProps {
  vertical: Vertical;
  search: SearchState;
  onChange(next: SearchState): void;
}

/** Each filter that differs between two sets, with its new value as an analytics label. */
function changedFilters(before: SearchFilters, after: SearchFilters): [string, string][] {
  const label = (value: unknown) => (value === undefined ? 'any' : Array.isArray(value) ? value.join(',') || 'any' : String(value));
  return (Object.keys({ ...before, ...after }) as (keyof SearchFilters)[])
    .filter((name) => label(before[name]) !== label(after[name]))
    .map((name): [string, string] => [name, label(after[name])]);
}

/** Placeholder cards while the results component itself loads (the first search of the page). */
function LoadingCards() {
  return (
    <ul className="skeleton-list" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <li key={n} className="skeleton-card">
          <span />
          <span />
          <span />
        </li>
      ))}
    </ul>
  );
}

/**
 * Filters and results of a search, both dynamic components fed by the page: it owns the search
 * (page, order, filters) and its request, they show it and ask for changes.
 */
export function ResultsArea({ vertical, search, onChange }: ResultsAreaProps) {
  const text = useText();
  const analytics = useAnalytics();
  const { view, facets } = useSearchResults(vertical, search);
  const results: SearchResultsProps = {
    vertical: vertical.id,
    search,
    view,
    onPage: (page) => {
      onChange({ ...search, page, focus: search.focus + 1 });
      pushResultsRoute(vertical.id, search.id, page);
    },
    onSort: (sort) => {
      analytics.trackEvent({ category: 'results', action: 'sort', label: sort });
      onChange({ ...search, sort, page: 1 });
    },
    onClearFilters: () => onChange({ ...search, filters: {}, page: 1 }),
  };
  const filters: FiltersProps = {
    vertical: vertical.id,
    facets,
    filters: search.filters,
    onFilters: (next) => {
      for (const [name, label] of changedFilters(search.filters, next)) analytics.trackEvent({ category: 'filters', action: name, label });
      onChange({ ...search, filters: next, page: 1 });
    },
  };
  return (
    <div className="results-area">
      <Dynamic path="search/filters" fallback={<div className="filters-placeholder" />} props={{ ...filters }} />
      <Dynamic
        path="search/results"
        fallback={<LoadingCards />}
        errorFallback={<p className="results-unavailable">{text('results.unavailable')}</p>}
        props={{ ...results }}
      />
      {view.status === 'done' ? <ResultsPageReport key={`${search.id}-${search.page}`} vertical={vertical.id} page={search.page} /> : null}
    </div>
  );
}
