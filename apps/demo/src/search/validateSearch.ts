import type { Vertical } from './verticals';

/** What the visitor typed; dates as `yyyy-mm-dd`, or the typed text while it is no whole day. */
export interface SearchQuery {
  from: string;
  to: string;
  start: string;
  end: string;
  travellers: number;
}

/** Why a field cannot be searched; the form words it in the page's language. */
export type SearchErrorCode = 'required' | 'format' | 'samePlace' | 'past' | 'beforeStart' | 'range';

/** Field name → what is wrong with it, empty when the query can be searched. */
export type SearchErrors = Partial<Record<keyof SearchQuery, SearchErrorCode>>;

/** Upper bound a single booking accepts; larger groups go through a different flow. */
export const maxTravellers = 9;

/**
 * The string id of a field's error. Its message selects on the vertical, so "Check-out must be
 * on or after check-in" reads right on hotels and each language can phrase it its own way.
 */
export const searchErrorId = (field: keyof SearchQuery, code: SearchErrorCode): string => `search.error.${field}.${code}`;

/** Checks a query before searching; codes rather than sentences, so any language can say them. */
export function validateSearch(query: SearchQuery, vertical: Vertical, today: string): SearchErrors {
  const errors: SearchErrors = {};
  if (!query.from.trim()) errors.from = 'required';
  if (vertical.hasDestination) {
    if (!query.to.trim()) errors.to = 'required';
    else if (vertical.id === 'flights' && sameText(query.from, query.to)) errors.to = 'samePlace';
  }
  if (!query.start) errors.start = 'required';
  else if (!isDay(query.start)) errors.start = 'format';
  else if (query.start < today) errors.start = 'past';
  if (!query.end) errors.end = 'required';
  else if (!isDay(query.end)) errors.end = 'format';
  else if (isDay(query.start) && query.end < query.start) errors.end = 'beforeStart';
  if (!Number.isInteger(query.travellers) || query.travellers < 1 || query.travellers > maxTravellers) {
    errors.travellers = 'range';
  }
  return errors;
}

// The date fields hold what was typed until it reads as a whole day.
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
