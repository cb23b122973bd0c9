import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { alignBuckets, automationShare, fetchSignalSummary } from './signalsApi';

describe('signals API helpers', () => {
  it('asks the summary for the chosen window', async () => {
    const get = vi.fn().mockResolvedValue({ totals: { people: 1, automation: 0, fallback: 0 } });
    const now = 1_700_000_000_000;
    await fetchSignalSummary({ get } as unknown as ConsoleClient, 168, undefined, now);
    expect(get).toHaveBeenCalledWith(`/signals/summary?from=${now - 168 * 3_600_000}&to=${now}`, undefined);
  });

  it('computes the automation share of judged reports only', () => {
    expect(automationShare({ people: 3, automation: 1, fallback: 10 })).toBe(0.25);
    expect(automationShare({ people: 0, automation: 0, fallback: 4 })).toBeNull();
  });

  it('merges unaligned bucket starts into whole buckets', () => {
    const hour = 3_600_000;
    const merged = alignBuckets(
      [
        { start: 2 * hour + 5, people: 1, automation: 0, fallback: 0 },
        { start: hour + 10, people: 0, automation: 2, fallback: 0 },
        { start: 2 * hour + 999, people: 0, automation: 1, fallback: 3 },
      ],
      hour,
    );
    expect(merged).toEqual([
      { start: hour, people: 0, automation: 2, fallback: 0 },
      { start: 2 * hour, people: 1, automation: 1, fallback: 3 },
    ]);
  });
});
