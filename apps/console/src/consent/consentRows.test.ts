import { describe, expect, it } from 'vitest';
import type { ConsentDay } from './consentApi';
import { choiceRows, dayLabel, fillDays, purposeShares, purposeTrend, reconsentTotals, vendorRows } from './consentRows';

const day = (d: string, accept: number, reject: number, custom: number, purposes: Record<string, number>, extra: Partial<ConsentDay> = {}): ConsentDay => ({
  day: d,
  visitors: accept + reject + custom,
  choices: { accept_all: accept, reject_all: reject, custom },
  purposes,
  purposeObjections: {},
  vendorConsents: {},
  vendorObjections: {},
  reconsents: { expired: 0, gvl_vendors: 0, site_vendors: 0, policy: 0 },
  ...extra,
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

describe('vendorRows', () => {
  it('sums each vendor’s consents and objections over the window, as shares of visitor-days, in id order', () => {
    const days = [
      day('2026-01-01', 2, 1, 1, {}, { vendorConsents: { 7: 2 }, vendorObjections: { 7: 1, 9: 2 } }),
      day('2026-01-02', 1, 3, 0, {}, { vendorConsents: { 7: 1 }, vendorObjections: { 9: 3 } }),
    ];
    expect(vendorRows(days, [{ id: 9, name: 'Nine' }, { id: 7, name: 'Seven' }]).map((r) => [r.name, r.consented, r.consentShare, r.objected, r.objectionShare])).toEqual([
      ['Seven', 3, 37.5, 1, 12.5],
      ['Nine', 0, 0, 5, 62.5],
    ]);
  });
});

describe('reconsentTotals', () => {
  it('adds the re-consents of every day per reason', () => {
    const days = [
      day('2026-01-01', 1, 0, 0, {}, { reconsents: { expired: 2, gvl_vendors: 0, site_vendors: 1, policy: 0 } }),
      day('2026-01-02', 1, 0, 0, {}, { reconsents: { expired: 1, gvl_vendors: 4, site_vendors: 0, policy: 0 } }),
    ];
    const totals = reconsentTotals(days);
    expect(totals.total).toBe(8);
    expect(totals.byReason.map((r) => [r.key, r.visitors])).toEqual([['expired', 3], ['gvl_vendors', 4], ['site_vendors', 1], ['policy', 0]]);
  });
});
