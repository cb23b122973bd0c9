import { describe, expect, it } from 'vitest';
import { resultsRouteUrl } from './resultsRoute';

describe('resultsRouteUrl', () => {
  it('keeps the page parameters and names the search and page', () => {
    expect(resultsRouteUrl('flights', 3, 1, 'https://x.test/?locale=es&dev=1')).toBe('https://x.test/?locale=es&dev=1&search=flights-3');
    expect(resultsRouteUrl('hotels', 4, 2, 'https://x.test/?locale=es&search=flights-3')).toBe('https://x.test/?locale=es&search=hotels-4&page=2');
  });

  it('drops the page number for the first page', () => {
    expect(resultsRouteUrl('cars', 1, 1, 'https://x.test/?search=cars-1&page=3')).toBe('https://x.test/?search=cars-1');
  });
});
