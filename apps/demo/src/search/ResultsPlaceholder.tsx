import type { SearchQuery } from './validateSearch';
import type { Vertical } from './verticals';

interface ResultsPlaceholderProps {
  vertical: Vertical;
  query?: SearchQuery;
}

/**
 * Where results will appear. The demo has no search backend, so after a search it shows
 * skeleton cards that describe the query instead of inventing prices.
 */
export function ResultsPlaceholder({ vertical, query }: ResultsPlaceholderProps) {
  if (!query) {
    return (
      <section className="results results--empty" aria-label="Results">
        <p>Your {vertical.label.toLowerCase()} results will appear here.</p>
      </section>
    );
  }
  const where = query.to ? `${query.from} → ${query.to}` : query.from;
  return (
    <section className="results" aria-label="Results" aria-live="polite">
      <h3 className="results__title">
        {vertical.label}: {where}
      </h3>
      <p className="results__meta">
        {query.start} – {query.end} · {vertical.travellersLabel}: {query.travellers}
      </p>
      <ul className="results__list" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <li key={n} className="results__skeleton">
            <span />
            <span />
            <span />
          </li>
        ))}
      </ul>
      <p className="results__note">Results are not part of this demo.</p>
    </section>
  );
}
