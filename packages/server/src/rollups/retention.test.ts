import { describe, expect, it } from 'vitest';
import { oldestKept, rawRetentionDays, withinRetention } from './retention.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, coverWindow } from './timeGrid.js';

const now = Date.UTC(2026, 10, 23, 12, 34, 56);

describe('rollup retention', () => {
  it('keeps minute rows 14 days, hour rows 90, day rows 397, counted in whole rows', () => {
    expect(oldestKept('minute', now)).toBe(Date.UTC(2026, 10, 9, 12, 35));
    expect(oldestKept('hour', now)).toBe(Date.UTC(2026, 7, 25, 13));
    expect(oldestKept('day', now)).toBe(Date.UTC(2025, 9, 23));
  });

  it('reads a 30-day window edge from hour rows once its minute rows are gone', () => {
    const from = now - 30 * DAY_MS;
    const pieces = withinRetention(coverWindow(from, now), now);
    expect(pieces[0]).toEqual({ level: 'hour', from: Math.floor(from / HOUR_MS) * HOUR_MS, to: Math.ceil(from / DAY_MS) * DAY_MS });
    // The recent edge keeps its minutes.
    expect(pieces[pieces.length - 1]).toEqual({ level: 'minute', from: Math.floor(now / HOUR_MS) * HOUR_MS, to: Math.ceil(now / MINUTE_MS) * MINUTE_MS });
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.from).toBeGreaterThanOrEqual(pieces[i - 1]!.to);
  });

  it('leaves a recent window alone', () => {
    const pieces = coverWindow(now - DAY_MS, now);
    expect(withinRetention(pieces, now)).toEqual(pieces);
  });

  it('reads RETENTION_RAW_DAYS and refuses nonsense', () => {
    expect(rawRetentionDays(undefined, {})).toBe(30);
    expect(rawRetentionDays(undefined, { RETENTION_RAW_DAYS: '7' })).toBe(7);
    expect(() => rawRetentionDays(undefined, { RETENTION_RAW_DAYS: 'x' })).toThrow(/positive number of days/);
  });
});
