import { describe, expect, it } from 'vitest';
import type { ConsentDay } from './consentApi';
import { choiceRows, dayLabel, fillDays, purposeShares, purposeTrend } from './consentRows';

const day = (d: string, accept: number, reject: number, custom: number, purposes: Record<string, number>): ConsentDay => ({
  day: d,
  visitors: accept + reject + custom,
  choices: { accept_all: accept, reject_all: reject, custom },
  purposes,
});

describe('fillDays', () => {
  it('puts back the quiet days from the first day with choices through today', () => {
    const filled = fillDays([day('2026-01-01', 1, 0, 0, {}), day('2026-01-03', 0, 1, 0, {})], '2026-01-04');
    expect(filled.map((d) => [d.day, d.visitors])).toEqual([['2026-01-01', 1], ['2026-01-02', 0], ['2026-01-03', 1], ['2026-01-04', 0]]);
    expect(fillDays([], '2026-01-04')).toEqual([]);
  });
});

describe('choiceRows', () => {
  it('keeps the counts and adds each choice’s share of the day', () => {
    expect(choiceRows([day('2026-01-02', 1, 1, 2, {})])).toEqual([
      { day: '2026-01-02', visitors: 4, accept_all: 1, reject_all: 1, custom: 2, shares: { accept_all: 25, custom: 50, reject_all: 25 } },
    ]);
    expect(choiceRows([day('2026-01-03', 0, 0, 0, {})])[0]?.shares.accept_all).toBe(0);
  });
});

describe('purposeShares', () => {
  it('sums each purpose over the window, in purpose order, labelled with its name', () => {
    const days = [day('2026-01-01', 3, 1, 0, { 1: 3 }), day('2026-01-02', 1, 1, 2, { 1: 2, 7: 1 })];
    const rows = purposeShares(days, [{ id: 7, name: 'Measure ads' }, { id: 1, name: 'Store' }]);
    expect(rows.map((r) => [r.label, r.consented, r.share])).toEqual([['1. Store', 5, 62.5], ['7. Measure ads', 1, 12.5]]);
  });
});

describe('purposeTrend', () => {
  it('gives one purpose’s daily share, null on a day without visitors', () => {
    const days = [day('2026-01-01', 3, 1, 0, { 2: 3 }), day('2026-01-02', 0, 0, 0, {})];
    expect(purposeTrend(days, 2).map((r) => r.share)).toEqual([75, null]);
  });
});

describe('dayLabel', () => {
  it('reads the ISO day in UTC', () => {
    expect(dayLabel('2026-03-03')).toBe('Mar 3');
  });
});
