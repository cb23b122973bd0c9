import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { carrying, fetchVitals, formatMetric, pageLabel, percent, vitalsQuery } from './vitalsApi';

describe('vitalsQuery', () => {
  it('gives the window ending now and only the page parts that are set', () => {
    expect(vitalsQuery(1, { vertical: 'flights', pageId: null }, {}, 10_000_000)).toBe('?from=6400000&to=10000000&vertical=flights');
    expect(vitalsQuery(24, {}, { metric: 'CLS' }, 100_000_000)).toBe('?from=13600000&to=100000000&metric=CLS');
    expect(vitalsQuery(1, { pageId: 'home' }, { browser: 'webkit' }, 10_000_000)).toBe('?from=6400000&to=10000000&pageId=home&browser=webkit');
  });
});

describe('carrying', () => {
  it('says how many of the reports carry a metric, with thousands separated', () => {
    expect(carrying(1204, 1530)).toBe('1,204 of 1,530 reports');
    expect(carrying(0, 4)).toBe('0 of 4 reports');
    expect(carrying(1, 1)).toBe('1 of 1 report');
  });
});

describe('formatMetric', () => {
  it('formats CLS as a score and times in ms or s', () => {
    expect(formatMetric('CLS', 0.1234)).toBe('0.12');
    expect(formatMetric('INP', 184.4)).toBe('184 ms');
    expect(formatMetric('LCP', 2512)).toBe('2.51 s');
    expect(formatMetric('LCP', null)).toBe('—');
    expect(percent(0.756)).toBe('76%');
    expect(pageLabel({ vertical: 'cars', pageId: 'home' })).toBe('cars / home / —');
  });
});

describe('fetchVitals', () => {
  it('asks the four vitals endpoints with the same query', async () => {
    const get = vi.fn(async (path: string) => (path.startsWith('/vitals/pages') ? { pages: [] } : { path }));
    const client = { get } as unknown as ConsoleClient;
    const result = await fetchVitals(client, '?from=1&to=2', 'INP');
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      '/vitals/summary?from=1&to=2',
      '/vitals/pages?from=1&to=2',
      '/vitals/timeline?from=1&to=2',
      '/vitals/distribution?from=1&to=2&metric=INP',
    ]);
    expect(result.pages).toEqual([]);
  });
});
