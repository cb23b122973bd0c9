import { beforeEach, describe, expect, it } from 'vitest';
import type { IssueFilter, StatusChange } from '../../issues/contract.js';
import { HOUR, logBatch, MINUTE, releaseRecord, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** The operator's clock: after every occurrence the tests send. */
const NOW = T0 + 12 * HOUR;

/**
 * The issue workflow of the release port, driven by log ingest as in production: a group's state
 * machine (new, resolved, regressed in a newer release, ignored for a count or a time), the
 * events alerting reads, per-release counts, the state filter and the occurrence timeline.
 */
export function describeIssueWorkflow(open: OpenStore): void {
  describe('releases ports: issue workflow', () => {
    const store = storePerTest(open);
    let sent = 0;
    beforeEach(() => {
      sent = 0;
    });
    /** One delivery of group g-1 from a page of `release`, `occurrences` folded, received at T0 + n s. */
    const occur = async (release: string | null, occurrences = 1, groupId = 'g-1') => {
      sent++;
      await store().ingest.logs.insertClientLogs(logBatch([releaseRecord(`m${sent}`, release, { occurrences, groupId, receivedAt: T0 + sent * 1_000 })]));
      return T0 + sent * 1_000;
    };
    const setStatus = (change: StatusChange, now = NOW, groupId = 'g-1') => store().query.issues.setGroupStatus(groupId, change, now);
    const state = async (now = NOW) => (await store().query.issues.getGroupIssue('g-1', now))?.state;
    const events = async () => (await store().query.groupEvents.listGroupEvents(0, 100)).map((e) => [e.kind, e.groupId, e.release]);

    it('starts a group unresolved and records it as new in its release, at its time', async () => {
      const at = await occur('r1');
      expect(await state()).toEqual({
        status: 'unresolved', firstRelease: 'r1', lastRelease: 'r1', resolvedInRelease: null, statusChangedAt: null,
        regressedInRelease: null, ignoreOccurrencesLeft: null, ignoreUntil: null,
      });
      const [event] = await store().query.groupEvents.listGroupEvents(0, 100);
      expect(event).toEqual({ id: expect.any(Number), kind: 'new', groupId: 'g-1', release: 'r1', at });
      expect(await store().query.issues.getGroupIssue('nope', NOW)).toBeNull();
      expect(await setStatus({ status: 'resolved' }, NOW, 'nope')).toBeNull();
    });

    it('regresses a resolved group that occurs in a newer release, not in the same or an older one', async () => {
      await occur('r1');
      await occur('r2');
      expect(await setStatus({ status: 'resolved' })).toMatchObject({ status: 'resolved', resolvedInRelease: 'r2', statusChangedAt: NOW });
      await occur('r2');
      await occur('r1'); // an old page still open somewhere
      await occur(null);
      expect((await state())?.status).toBe('resolved');
      const at = await occur('r3');
      expect(await state()).toMatchObject({ status: 'regressed', regressedInRelease: 'r3', resolvedInRelease: null, statusChangedAt: at, firstRelease: 'r1', lastRelease: 'r3' });
      expect(await events()).toEqual([['new', 'g-1', 'r1'], ['regressed', 'g-1', 'r3']]);
      const issue = await store().query.issues.getGroupIssue('g-1', NOW);
      expect(issue?.releases.map((r) => [r.release, r.count])).toEqual([['r3', 1], ['r2', 2], ['r1', 2]]);
      expect(issue?.releases[2]).toEqual({ release: 'r1', count: 2, firstSeen: T0 + 1_000, lastSeen: T0 + 4_000 });
    });

    it('regresses a group resolved with no release known on its next occurrence', async () => {
      await occur(null);
      expect(await setStatus({ status: 'resolved' })).toMatchObject({ status: 'resolved', resolvedInRelease: null });
      await occur(null);
      expect(await state()).toMatchObject({ status: 'regressed', regressedInRelease: null });
      expect(await events()).toEqual([['new', 'g-1', null], ['regressed', 'g-1', null]]);
    });

    it('ignores for a number of occurrences, then the group is unresolved again', async () => {
      await occur('r1');
      expect(await setStatus({ status: 'ignored', ignoreOccurrences: 5 })).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: 5, ignoreUntil: null });
      await occur('r1', 3);
      expect(await state()).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: 2 });
      await occur('r1', 2);
      expect(await state()).toMatchObject({ status: 'unresolved', ignoreOccurrencesLeft: null });
    });

    it('ignores for a time, after which the group reads and filters as unresolved', async () => {
      await occur('r1');
      expect(await setStatus({ status: 'ignored', ignoreMinutes: 30 })).toMatchObject({ status: 'ignored', ignoreUntil: NOW + 30 * MINUTE });
      const open = async (now: number) => (await store().query.issues.listIssueGroups({ limit: 10, status: 'open' }, now)).groups.map((g) => g.groupId);
      expect(await open(NOW + 29 * MINUTE)).toEqual([]);
      expect(await state(NOW + 31 * MINUTE)).toMatchObject({ status: 'unresolved', ignoreUntil: null });
      expect(await open(NOW + 31 * MINUTE)).toEqual(['g-1']);
    });

    it('ignores for good until the operator reopens it', async () => {
      await occur('r1');
      await setStatus({ status: 'ignored' });
      await occur('r2', 1000);
      expect(await state()).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: null, ignoreUntil: null });
      expect(await setStatus({ status: 'unresolved' }, NOW + 1)).toMatchObject({ status: 'unresolved', statusChangedAt: NOW + 1 });
    });

    it('filters the issue list by state and the log filters, newest first', async () => {
      await occur('r1');
      await occur('r1', 1, 'g-2');
      await occur('r1', 1, 'g-3');
      await occur('r1', 1, 'g-4');
      await setStatus({ status: 'resolved' }, NOW, 'g-2');
      await setStatus({ status: 'ignored' }, NOW, 'g-3');
      await setStatus({ status: 'resolved' }, NOW, 'g-4');
      await occur('r2', 1, 'g-4');
      const ids = async (filter: Partial<IssueFilter>) =>
        (await store().query.issues.listIssueGroups({ limit: 10, ...filter }, NOW)).groups.map((g) => `${g.groupId}=${g.status}`);
      expect(await ids({})).toEqual(['g-4=regressed', 'g-3=ignored', 'g-2=resolved', 'g-1=unresolved']);
      expect(await ids({ status: 'open' })).toEqual(['g-4=regressed', 'g-1=unresolved']);
      expect(await ids({ status: 'regressed' })).toEqual(['g-4=regressed']);
      expect(await ids({ status: 'resolved' })).toEqual(['g-2=resolved']);
      expect(await ids({ status: 'ignored', product: 'flights', level: 4, q: 'typeerror' })).toEqual(['g-3=ignored']);
      expect(await ids({ product: 'hotels' })).toEqual([]);
      expect(await ids({ limit: 1 })).toEqual(['g-4=regressed']);
      const list = await store().query.issues.listIssueGroups({ limit: 1 }, NOW);
      expect(list).toMatchObject({ products: ['flights'], ignored: 0 });
      expect(list.groups[0]).toMatchObject({ groupId: 'g-4', count: 2, firstRelease: 'r1', lastRelease: 'r2', regressedInRelease: 'r2' });
    });

    it('counts a group per bucket of its window, only buckets with occurrences', async () => {
      const at = (hour: number, minute: number) => T0 + hour * HOUR + minute * MINUTE;
      const put = (id: string, receivedAt: number, occurrences: number) =>
        store().ingest.logs.insertClientLogs(logBatch([releaseRecord(id, 'r1', { receivedAt, occurrences })]));
      await put('a', at(8, 59), 7);
      await put('b', at(10, 2), 2);
      await put('c', at(10, 4), 3);
      await put('d', at(10, 31), 1);
      await put('e', at(11, 0), 9);
      const window = { from: at(9, 0), to: at(11, 0), bucketMs: 5 * MINUTE };
      expect(await store().query.issues.groupTimeline('g-1', window)).toEqual({
        ...window, buckets: [{ start: at(10, 0), count: 5 }, { start: at(10, 30), count: 1 }],
      });
      expect((await store().query.issues.groupTimeline('g-1', { ...window, bucketMs: HOUR })).buckets).toEqual([{ start: at(10, 0), count: 6 }]);
      expect((await store().query.issues.groupTimeline('nope', window)).buckets).toEqual([]);
    });

    it('pages group events after an id, oldest first', async () => {
      for (const groupId of ['g-1', 'g-2', 'g-3']) await occur('r1', 1, groupId);
      const all = await store().query.groupEvents.listGroupEvents(0, 100);
      expect(all.map((e) => e.groupId)).toEqual(['g-1', 'g-2', 'g-3']);
      expect(all[0]!.id < all[1]!.id && all[1]!.id < all[2]!.id).toBe(true);
      expect((await store().query.groupEvents.listGroupEvents(all[0]!.id, 1)).map((e) => e.groupId)).toEqual(['g-2']);
      expect(await store().query.groupEvents.listGroupEvents(all[2]!.id, 10)).toEqual([]);
    });
  });
}
