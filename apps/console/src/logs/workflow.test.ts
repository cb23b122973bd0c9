import { describe, expect, it, vi } from 'vitest';
import type { GroupState } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { describeState, fetchTimeline, setGroupStatus } from './workflow';

const base: GroupState = {
  status: 'unresolved',
  firstRelease: null,
  lastRelease: null,
  resolvedInRelease: null,
  statusChangedAt: null,
  regressedInRelease: null,
  ignoreOccurrencesLeft: null,
  ignoreUntil: null,
};

describe('describeState', () => {
  it('says what would change each state', () => {
    expect(describeState(base)).toBe('Unresolved.');
    expect(describeState({ ...base, status: 'resolved', resolvedInRelease: 'r2' })).toBe('Resolved in r2: it regresses if it occurs in a newer release.');
    expect(describeState({ ...base, status: 'resolved' })).toBe('Resolved: it regresses if it occurs again.');
    expect(describeState({ ...base, status: 'regressed', regressedInRelease: 'r3' })).toBe('Regressed: resolved, then seen again in r3.');
    expect(describeState({ ...base, status: 'ignored', ignoreOccurrencesLeft: 1500 })).toBe('Ignored until it occurs 1,500 more times.');
    expect(describeState({ ...base, status: 'ignored', ignoreUntil: new Date(2026, 0, 2, 3, 4, 5).getTime() })).toBe('Ignored until 2026-01-02 03:04:05.');
    expect(describeState({ ...base, status: 'ignored' })).toBe('Ignored for good.');
  });
});

describe('group calls', () => {
  it('PUTs the decision to the group, its id escaped', async () => {
    const send = vi.fn().mockResolvedValue({ ...base, status: 'resolved' });
    await setGroupStatus({ send } as unknown as ConsoleClient, 'demo:a/b', { status: 'resolved' });
    expect(send).toHaveBeenCalledWith('PUT', '/logs/groups/demo%3Aa%2Fb/status', { status: 'resolved' });
  });

  it('asks for the window ending at the next whole minute', async () => {
    const get = vi.fn().mockResolvedValue({});
    await fetchTimeline({ get } as unknown as ConsoleClient, 'g', 24, 1_000_030_000);
    expect(get).toHaveBeenCalledWith(`/logs/groups/g/timeline?from=${1_000_080_000 - 86_400_000}&to=1000080000`, undefined);
  });
});
