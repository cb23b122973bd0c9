import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { analyticsQuery, fetchAnalytics, keyLabel, timelineRows } from './analyticsApi';

describe('analyticsQuery', () => {
  it('gives the window and only the filters that are set', () => {
    expect(analyticsQuery(1, { vertical: 'cars', locale: '' }, 7_200_000)).toBe('?from=3600000&to=7200000&vertical=cars');
  });
});

describe('timelineRows', () => {
  it('splits events into interaction and non-interaction', () => {
    expect(timelineRows([{ start: 0, pageViews: 3, events: 5, nonInteraction: 2 }])).toEqual([
      { start: 0, pageViews: 3, interaction: 3, nonInteraction: 2 },
    ]);
    expect(keyLabel(null)).toBe('(not set)');
    expect(keyLabel('es')).toBe('es');
  });
});

describe('fetchAnalytics', () => {
  it('asks summary, timeline and the top page and event paths', async () => {
    const get = vi.fn(async (path: string) => (path.startsWith('/analytics/paths') ? { paths: [{ key: path }] } : {}));
    const result = await fetchAnalytics({ get } as unknown as ConsoleClient, '?from=1&to=2');
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      '/analytics/summary?from=1&to=2',
      '/analytics/timeline?from=1&to=2',
      '/analytics/paths?from=1&to=2&type=pageview&limit=15',
      '/analytics/paths?from=1&to=2&type=event&limit=15',
    ]);
    expect(result.eventPaths[0]?.key).toContain('type=event');
  });
});
