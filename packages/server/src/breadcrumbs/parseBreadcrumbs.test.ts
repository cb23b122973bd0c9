import { describe, expect, it } from 'vitest';
import { parseBreadcrumbs } from './parseBreadcrumbs.js';

describe('parseBreadcrumbs', () => {
  it('reads every kind of line, oldest first across the context keys', () => {
    const context = {
      url: 'https://example.test/',
      'crumbs.0': ['1005 xhr POST /a/api/x 500 31', '1004 fetch GET https://api.example.test/v1/fares 0 1200', '1003 console warn slow reply'].join('\n'),
      'crumbs.1': ['1002 click button#search.cta "Search flights"', '1001 nav /results'].join('\n'),
    };
    expect(parseBreadcrumbs(context)).toEqual([
      { at: 1001, category: 'navigation', message: '/results' },
      { at: 1002, category: 'click', message: 'button#search.cta "Search flights"' },
      { at: 1003, category: 'console', level: 'warn', message: 'slow reply' },
      {
        at: 1004, category: 'fetch', message: 'GET https://api.example.test/v1/fares',
        method: 'GET', url: 'https://api.example.test/v1/fares', status: 0, durationMs: 1200,
      },
      { at: 1005, category: 'xhr', message: 'POST /a/api/x', method: 'POST', url: '/a/api/x', status: 500, durationMs: 31 },
    ]);
  });

  it('keeps the page’s order, not its clock’s (equal times, a clock set back)', () => {
    const context = { 'crumbs.0': '7 fetch GET /search 200 3\n7 click button "Go"\n9 nav /' };
    expect(parseBreadcrumbs(context).map((c) => c.category)).toEqual(['navigation', 'click', 'fetch']);
  });

  it('reads the keys in number order, not as text (crumbs.10 is older than crumbs.2)', () => {
    const context: Record<string, string> = {};
    for (let key = 10; key >= 0; key--) context[`crumbs.${key}`] = `${100 - key} click b${key}`;
    expect(parseBreadcrumbs(context).map((c) => c.message)).toEqual(Array.from({ length: 11 }, (_, i) => `b${10 - i}`));
  });

  it('keeps a request line cut before its status as plain text', () => {
    const [crumb] = parseBreadcrumbs({ 'crumbs.0': '9 fetch GET /a/very/long/url/cut/he' });
    expect(crumb).toEqual({ at: 9, category: 'fetch', message: 'GET /a/very/long/url/cut/he' });
  });

  it('skips lines and keys that are not breadcrumbs', () => {
    const context = {
      'crumbs.0': 'not a crumb\n12 teleport /mars\n13 nav /ok',
      crumbs: '14 nav /no-number',
      'crumbs.x': '15 nav /bad-key',
      'crumbs.1': 42,
    };
    expect(parseBreadcrumbs(context)).toEqual([{ at: 13, category: 'navigation', message: '/ok' }]);
  });
});
