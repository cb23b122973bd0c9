import { describe, expect, it } from 'vitest';
import { releaseRecord, T0 } from '../conformance/fixtures.js';
import type { GroupStateRow } from './issueState.js';
import { advanceGroupState, MINUTE, sharesOf } from './issueState.js';

const seqs = new Map([['r1', 1], ['r2', 2], ['r3', 3]]);
const seqOf = (release: string) => seqs.get(release);
const state = (overrides: Partial<GroupStateRow>): GroupStateRow => ({
  status: 'unresolved', status_changed_at: null, resolved_release: null, regressed_release: null,
  ignore_left: null, ignore_until: null, ...overrides,
});

describe('advanceGroupState', () => {
  it('creates a group once, with one new event for its first share', () => {
    const outcome = advanceGroupState(undefined, [{ release: 'r1', n: 2, at: 10 }, { release: 'r2', n: 1, at: 20 }], seqOf);
    expect(outcome).toEqual({ state: state({}), created: true, changed: false, events: [{ kind: 'new', release: 'r1', at: 10 }] });
  });

  it('regresses within a batch only at the share of a newer release', () => {
    const resolved = state({ status: 'resolved', status_changed_at: 5, resolved_release: 'r2' });
    const outcome = advanceGroupState(resolved, [
      { release: 'r1', n: 1, at: 10 },
      { release: null, n: 1, at: 11 },
      { release: 'r3', n: 1, at: 12 },
      { release: 'r3', n: 1, at: 13 },
    ], seqOf);
    expect(outcome.state).toEqual(state({ status: 'regressed', status_changed_at: 12, resolved_release: 'r2', regressed_release: 'r3' }));
    expect(outcome.events).toEqual([{ kind: 'regressed', release: 'r3', at: 12 }]);
    expect(advanceGroupState(resolved, [{ release: 'r2', n: 1, at: 10 }], seqOf).changed).toBe(false);
  });

  it('counts an ignore down across shares, and ends it when its count or time is up', () => {
    const ignored = state({ status: 'ignored', ignore_left: 5 });
    const counted = advanceGroupState(ignored, [{ release: 'r1', n: 2, at: 10 }, { release: 'r2', n: 2, at: 11 }], seqOf);
    expect(counted).toMatchObject({ changed: true, state: { status: 'ignored', ignore_left: 1 } });
    const ended = advanceGroupState(ignored, [{ release: 'r1', n: 3, at: 10 }, { release: 'r1', n: 2, at: 70_000 }], seqOf);
    expect(ended.state).toEqual(state({ status: 'unresolved', status_changed_at: 70_000 }));
    const timed = advanceGroupState(state({ status: 'ignored', ignore_until: 100 }), [{ release: null, n: 1, at: 100 }], seqOf);
    expect(timed.state).toEqual(state({ status: 'unresolved', status_changed_at: 100 }));
    expect(advanceGroupState(state({ status: 'ignored' }), [{ release: null, n: 1_000, at: 1 }], seqOf).changed).toBe(false);
  });
});

describe('sharesOf', () => {
  it('sums occurrences per release and minute, in order of first appearance, each with its first stack', () => {
    const frame = { functionName: 'f', fileName: 'a.js', lineNo: 1, colNo: 2 };
    const shares = sharesOf([
      releaseRecord('a', 'r2', { receivedAt: T0 + 5, occurrences: 2, parsedStackTrace: [] }),
      releaseRecord('b', null, { receivedAt: T0 + 10 }),
      releaseRecord('c', 'r2', { receivedAt: T0 + 30, occurrences: 3, parsedStackTrace: [frame] }),
      releaseRecord('d', 'r2', { receivedAt: T0 + MINUTE + 1 }),
      releaseRecord('e', 'r2', { receivedAt: T0 + 20, parsedStackTrace: [{ ...frame, lineNo: 9 }] }),
    ]);
    expect(shares).toEqual([
      { release: 'r2', minute: T0, n: 6, at: T0 + 30, stack: [frame] },
      { release: null, minute: T0, n: 1, at: T0 + 10, stack: expect.any(Array) },
      { release: 'r2', minute: T0 + MINUTE, n: 1, at: T0 + MINUTE + 1, stack: expect.any(Array) },
    ]);
  });
});
