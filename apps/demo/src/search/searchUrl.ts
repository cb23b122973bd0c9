import type { SearchState } from './searchTypes';
import type { Vertical } from './verticals';

/** The API's name for each filter, and how its value is written in a URL. */
const writers: Record<string, (value: never) => string | undefined> = {
  maxPrice: (value: number) => String(Math.round(value)),
  freeCancellation: (value: boolean) => (value ? 'true' : undefined),
  stops: (value: number) => String(value),
  carriers: (value: string[]) => (value.length ? value.join(',') : undefined),
  minStars: (value: number) => String(value),
  minRating: (value: number) => String(value),
  classes: (value: string[]) => (value.length ? value.join(',') : undefined),
  transmission: (value: string) => value,
};

/** The `GET /a/api/search` URL of a search (docs/search.md); filters left empty are left out. */
export function searchUrl(vertical: Vertical, search: SearchState): string {
  const { query } = search;
  const params = new URLSearchParams({ vertical: vertical.id, from: query.from.trim() });
  if (vertical.hasDestination && query.to.trim()) params.set('to', query.to.trim());
  params.set('depart', query.start);
  params.set('return', query.end);
  params.set('travellers', String(query.travellers));
  if (search.page > 1) params.set('page', String(search.page));
  if (search.sort) params.set('sort', search.sort);
  for (const [name, value] of Object.entries(search.filters)) {
    const text = value === undefined ? undefined : writers[name]?.(value as never);
    if (text !== undefined) params.set(name, text);
  }
  return `/a/api/search?${params.toString()}`;
}
