import { Message, useDateLocale, useI18n } from '@tarmac/react';
import type { SearchQuery } from '../../search/validateSearch';
import type { VerticalId } from '../../search/verticals';

/** Props the page passes to the results component. */
export interface SearchResultsProps {
  vertical: VerticalId;
  query?: SearchQuery;
}

// Form dates are yyyy-mm-dd; read them as local days, not UTC midnights.
const localDay = (text: string) => {
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  return new Date(year, month - 1, day);
};

/**
 * The results area, loaded on demand with its strings. The demo has no search backend, so after
 * a search it shows skeleton cards that describe the query in the page's language.
 */
export function SearchResults({ vertical, query }: SearchResultsProps) {
  const dates = useDateLocale();
  const region = useI18n().messages.format('results.region');
  if (!query) {
    return (
      <section className="results results--empty" aria-label={region} data-testid="dynamic-results">
        <p>
          <Message id="results.empty" values={{ vertical }} />
        </p>
      </section>
    );
  }
  const where = query.to ? `${query.from} → ${query.to}` : query.from;
  return (
    <section className="results dyn-results" aria-label={region} aria-live="polite" data-testid="dynamic-results">
      <h3 className="results__title">
        <Message id="results.title" values={{ vertical, where }} />
      </h3>
      <p className="results__meta">
        <Message
          id="results.meta"
          values={{
            start: dates.format(localDay(query.start), 'ddd ll'),
            end: dates.format(localDay(query.end), 'ddd ll'),
            travellers: query.travellers,
          }}
        />
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
      <p className="results__note">
        <Message id="results.note" />
      </p>
    </section>
  );
}
