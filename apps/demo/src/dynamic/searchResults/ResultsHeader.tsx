import type { SearchSort } from '@tarmac/server/contracts';
import { useDateLocale } from '@tarmac/react';
import type { RefObject } from 'react';
import { useText } from '../../locale/useText';
import type { SearchResultsProps } from '../../search/searchTypes';
import { localDay } from './format';

const SORTS: Record<SearchResultsProps['vertical'], SearchSort[]> = {
  flights: ['price', 'duration', 'departure'],
  hotels: ['price', 'rating', 'stars', 'distance'],
  cars: ['price', 'seats'],
};

interface ResultsHeaderProps extends Pick<SearchResultsProps, 'vertical' | 'search' | 'onSort'> {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The number of results, once known: announced politely when it changes. */
  count?: number;
}

/** The title of the results (what and where), the trip's dates, the count and the sort choice. */
export function ResultsHeader({ vertical, search, onSort, headingRef, count }: ResultsHeaderProps) {
  const text = useText();
  const dates = useDateLocale();
  const { query } = search;
  // A car returned where it was picked up has one place, not "Madrid → Madrid".
  const oneWay = query.to.trim() && vertical !== 'hotels' && query.to.trim().toLowerCase() !== query.from.trim().toLowerCase();
  const where = oneWay ? `${query.from} → ${query.to}` : query.from;
  const sort = search.sort ?? 'price';
  return (
    <div className="results__head">
      <div>
        <h2 id="results-title" className="results__title" ref={headingRef} tabIndex={-1}>
          {text('results.title', { vertical, where })}
        </h2>
        <p className="results__meta">
          {text('results.meta', { vertical, start: dates.format(localDay(query.start), 'ddd D MMM'), end: dates.format(localDay(query.end), 'ddd D MMM'), travellers: query.travellers })}
        </p>
        <p className="results__count" role="status">
          {count === undefined ? text('results.loading', { vertical }) : text('results.count', { vertical, count })}
        </p>
      </div>
      <fieldset className="sort">
        <legend className="sort__legend">{text('results.sortBy')}</legend>
        <div className="sort__options">
          {SORTS[vertical].map((option) => (
            <label key={option} className="sort__option">
              <input type="radio" name="results-sort" value={option} checked={option === sort} onChange={() => onSort(option)} />
              <span>{text(`results.sort.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
