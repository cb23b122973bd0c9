import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { fetchConsentSummary, percent, totals } from './consentApi';
import type { ConsentDay } from './consentApi';

const day = (d: string, accept: number, reject: number, custom: number): ConsentDay => ({
  day: d,
  visitors: accept + reject + custom,
  choices: { accept_all: accept, reject_all: reject, custom },
  purposes: {},
  purposeObjections: {},
  vendorConsents: {},
  vendorObjections: {},
  reconsents: { expired: 0, gvl_vendors: 0, site_vendors: 0, policy: 0 },
});

describe('consent console data', () => {
  it('asks the summary for the chosen number of UTC days, today included', async () => {
    const get = vi.fn(async () => ({ days: [], purposes: [], vendors: [] }));
    const now = Date.UTC(2026, 0, 10, 15, 30);
    await fetchConsentSummary({ get } as unknown as ConsoleClient, 7, undefined, now);
    expect(get).toHaveBeenCalledWith(`/consent/summary?from=${Date.UTC(2026, 0, 4)}&to=${now}`, undefined);
  });

  it('totals the window and gives each choice’s share', () => {
    const days = [day('2026-01-01', 3, 1, 0), day('2026-01-02', 1, 1, 2)];
    expect(totals(days)).toMatchObject({ visitors: 8, accept_all: 4, acceptShare: 50, customShare: 25, rejectShare: 25 });
  });

  it('gives 0 rather than NaN for an empty whole', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(1, 3)).toBe(33.3);
  });
});
