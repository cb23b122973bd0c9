import type { Vertical } from './verticals';

/** What the visitor typed; dates as `yyyy-mm-dd` strings straight from the inputs. */
export interface SearchQuery {
  from: string;
  to: string;
  start: string;
  end: string;
  travellers: number;
}

/** Field name → message, empty when the query can be searched. */
export type SearchErrors = Partial<Record<keyof SearchQuery, string>>;

/** Upper bound a single booking accepts; larger groups go through a different flow. */
export const maxTravellers = 9;

/**
 * Checks a query before searching, with messages phrased for the vertical's own labels so
 * "Check-out must be after Check-in" reads right on hotels.
 */
export function validateSearch(query: SearchQuery, vertical: Vertical, today: string): SearchErrors {
  const errors: SearchErrors = {};
  if (!query.from.trim()) errors.from = `Enter a ${vertical.fromLabel.toLowerCase()}.`;
  if (vertical.toLabel) {
    if (!query.to.trim()) errors.to = `Enter a ${vertical.toLabel.toLowerCase()}.`;
    else if (vertical.id === 'flights' && sameText(query.from, query.to)) {
      errors.to = 'Choose a destination different from where you leave.';
    }
  }
  if (!query.start) errors.start = `Choose a ${vertical.startLabel.toLowerCase()} date.`;
  else if (query.start < today) errors.start = `${vertical.startLabel} cannot be in the past.`;
  if (!query.end) errors.end = `Choose a ${vertical.endLabel.toLowerCase()} date.`;
  else if (query.start && query.end < query.start) {
    errors.end = `${vertical.endLabel} must be on or after ${vertical.startLabel.toLowerCase()}.`;
  }
  if (!Number.isInteger(query.travellers) || query.travellers < 1 || query.travellers > maxTravellers) {
    errors.travellers = `${vertical.travellersLabel}: 1 to ${maxTravellers}.`;
  }
  return errors;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
