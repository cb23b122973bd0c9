import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { choiceShareRows, fetchConsentSummary, purposeShareRows, totals } from './consentApi';
import type { ConsentDay } from './consentApi';

const day = (d: string, accept: number, reject: number, custom: number, purposes: Record<string, number>): ConsentDay => ({
  day: d,
  visitors: accept + reject + custom,
  choices: { accept_all: accept, reject_all: reject, custom },
  purposes,
});

describe('consent console data', () => {
  it('asks the summary for the chosen window', async () => {
    const get = vi.fn(async () => ({ days: [], purposes: [] }));
    await fetchConsentSummary({ get } as unknown as ConsoleClient, 7);
    expect(get).toHaveBeenCalledWith('/consent/summary?days=7', undefined);
  });

  it('turns counts into shares of each day’s visitors', () => {
    const days = [day('2026-01-01', 3, 1, 0, { 1: 3 }), day('2026-01-02', 1, 1, 2, { 1: 2, 7: 1 })];
    expect(choiceShareRows(days)).toEqual([
      { day: '2026-01-01', visitors: 4, accept_all: 75, reject_all: 25, custom: 0 },
      { day: '2026-01-02', visitors: 4, accept_all: 25, reject_all: 25, custom: 50 },
    ]);
    expect(purposeShareRows(days, [1, 7])).toEqual([
      { day: '2026-01-01', p1: 75, p7: 0 },
      { day: '2026-01-02', p1: 50, p7: 25 },
    ]);
    expect(totals(days)).toMatchObject({ visitors: 8, accept_all: 4, acceptShare: 50, customShare: 25 });
  });

  it('gives 0 rather than NaN for an empty day', () => {
    expect(choiceShareRows([day('2026-01-03', 0, 0, 0, {})])[0]).toMatchObject({ accept_all: 0 });
  });
});
