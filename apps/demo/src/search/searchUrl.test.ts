import { describe, expect, it } from 'vitest';
import { searchUrl } from './searchUrl';
import type { SearchState } from './searchTypes';
import { verticals } from './verticals';

const [flights, hotels] = verticals;
const base: SearchState = {
  id: 1,
  query: { from: ' Madrid ', to: 'Lisboa', start: '2026-12-07', end: '2026-12-14', travellers: 2 },
  page: 1,
  filters: {},
  focus: 0,
};

describe('searchUrl', () => {
  it('asks for the first page of a trip in the API’s words', () => {
    expect(searchUrl(flights!, base)).toBe('/a/api/search?vertical=flights&from=Madrid&to=Lisboa&depart=2026-12-07&return=2026-12-14&travellers=2');
  });

  it('adds page, order and the filters that are set, and no destination for hotels', () => {
    const url = new URL(
      searchUrl(hotels!, { ...base, page: 3, sort: 'rating', filters: { minStars: 4, freeCancellation: false, maxPrice: 120.4, carriers: [] } }),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      vertical: 'hotels', from: 'Madrid', depart: '2026-12-07', return: '2026-12-14', travellers: '2', page: '3', sort: 'rating', minStars: '4', maxPrice: '120',
    });
  });

  it('joins lists and writes a free-cancellation filter only when it is on', () => {
    const url = new URL(searchUrl(flights!, { ...base, filters: { carriers: ['AZ', 'SL'], freeCancellation: true, stops: 0 } }), 'http://x');
    expect(url.searchParams.get('carriers')).toBe('AZ,SL');
    expect(url.searchParams.get('freeCancellation')).toBe('true');
    expect(url.searchParams.get('stops')).toBe('0');
  });
});
