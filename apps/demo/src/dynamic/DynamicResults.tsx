import type { SearchQuery } from '../search/validateSearch';
import type { Vertical } from '../search/verticals';
import { Dynamic } from './Dynamic';

/** Filters and results of the active vertical, both loaded on demand. */
export function DynamicResults({ vertical, query }: { vertical: Vertical; query?: SearchQuery }) {
  const loading = <p className="results results--empty">…</p>;
  return (
    <div className="dyn-search">
      {query ? <Dynamic path="search/filters" fallback={null} /> : null}
      <Dynamic path="search/results" fallback={loading} props={{ vertical: vertical.id, query }} />
    </div>
  );
}
