import { describe, expect, it } from 'vitest';
import { eventPath, pageViewPath } from './paths.js';

const ctx = { vertical: 'flights', pageId: 'search', subPageId: 'results' };

describe('pageViewPath', () => {
  it('builds /vs/page/{vertical}/{pageId}/{subPageId}', () => {
    expect(pageViewPath(ctx)).toBe('/vs/page/flights/search/results');
  });

  it('URL-encodes segments and writes absent ones as -', () => {
    expect(pageViewPath({ vertical: 'hotels', pageId: 'a/b c', subPageId: '' })).toBe('/vs/page/hotels/a%2Fb%20c/-');
    expect(pageViewPath({})).toBe('/vs/page/-/-/-');
  });
});

describe('eventPath', () => {
  it('builds /vs/{vertical}/{pageId}/{subPageId}/{category}/{action}/{label}/{value}', () => {
    expect(eventPath(ctx, { category: 'search', action: 'submit', label: 'MAD→LON', value: 2 })).toBe(
      '/vs/flights/search/results/search/submit/MAD%E2%86%92LON/2',
    );
  });

  it('writes an absent label or value as -, keeps 0, and escapes a literal -', () => {
    expect(eventPath(ctx, { category: 'c', action: 'a' })).toBe('/vs/flights/search/results/c/a/-/-');
    expect(eventPath(ctx, { category: 'c', action: 'a', value: 0 })).toBe('/vs/flights/search/results/c/a/-/0');
    expect(eventPath(ctx, { category: 'c', action: 'a', label: '-', value: Number.NaN })).toBe('/vs/flights/search/results/c/a/%2D/-');
  });

  it('ends automatic events with /nonInteraction', () => {
    expect(eventPath(ctx, { category: 'results', action: 'shown', label: 'list', value: 40, nonInteraction: true })).toBe(
      '/vs/flights/search/results/results/shown/list/40/nonInteraction',
    );
  });
});
