import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { automationShare, bucketLabel, fetchSignalSummary } from './signalsApi';

describe('signals API helpers', () => {
  it('asks the summary for the chosen window', async () => {
    const get = vi.fn().mockResolvedValue({ totals: { people: 1, automation: 0, fallback: 0 } });
    await fetchSignalSummary({ get } as unknown as ConsoleClient, 168);
    expect(get).toHaveBeenCalledWith('/signals/summary?hours=168', undefined);
  });

  it('computes the automation share of judged reports only', () => {
    expect(automationShare({ people: 3, automation: 1, fallback: 10 })).toBe(0.25);
    expect(automationShare({ people: 0, automation: 0, fallback: 4 })).toBeNull();
  });

  it('labels hourly buckets by time and daily buckets by date', () => {
    const start = new Date(2026, 0, 15, 13, 0).getTime();
    expect(bucketLabel(start, 3600_000)).toMatch(/13|1/);
    expect(bucketLabel(start, 86_400_000)).toMatch(/15/);
    expect(bucketLabel(start, 86_400_000)).not.toBe(bucketLabel(start, 3600_000));
  });
});
