import type { SearchFilters, SearchReply, SearchSort } from '@tarmac/server/contracts';
import type { SearchQuery } from './validateSearch';
import type { VerticalId } from './verticals';

export type { SearchFilters, SearchReply, SearchSort };

/** One search of a vertical as the visitor refines it: the form's query, then page, order, filters. */
export interface SearchState {
  /** New for each submitted form, so a repeated search is a new results view. */
  id: number;
  query: SearchQuery;
  page: number;
  sort?: SearchSort;
  filters: SearchFilters;
  /** Bumped when the results heading should take focus once shown (new search, other page). */
  focus: number;
}

/** What the results area shows: a search on its way, a failed one, or its reply. */
export type ResultsView = { status: 'loading' } | { status: 'error'; retry(): void } | { status: 'done'; reply: SearchReply };

/** The props the page passes to the `search/results` dynamic component. */
export interface SearchResultsProps {
  vertical: VerticalId;
  search: SearchState;
  view: ResultsView;
  onPage(page: number): void;
  onSort(sort: SearchSort): void;
  onClearFilters(): void;
}

/** The props the page passes to the `search/filters` dynamic component. */
export interface FiltersProps {
  vertical: VerticalId;
  /** Of the current search's whole list; undefined until its first reply. */
  facets?: SearchReply['facets'];
  filters: SearchFilters;
  onFilters(filters: SearchFilters): void;
}
