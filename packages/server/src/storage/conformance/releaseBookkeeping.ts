import { describe, expect, it } from 'vitest';
import type { NewClientLog } from '../../logs/ports.js';
import { HOUR, logBatch, MINUTE, releaseRecord, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const at = (hour: number, minute: number) => T0 + hour * HOUR + minute * MINUTE;
const NOW = at(20, 0);
const window = { from: at(10, 0), to: at(11, 0), bucketMs: 5 * MINUTE };

/**
 * The release bookkeeping log ingest does (per-release and per-minute counts, stacks, events,
 * the ignore countdown): a batch counts as its messages would one by one, and a retried
 * delivery, however it comes back, changes none of it.
 */
export function describeReleaseBookkeeping(open: OpenStore): void {
  describe('releases ports: bookkeeping of ingest', () => {
    const store = storePerTest(open);
    const send = (records: NewClientLog[]) => store().ingest.logs.insertClientLogs(logBatch(records));
    const msg = (id: string, release: string | null, receivedAt: number, occurrences = 1) =>
      releaseRecord(id, release, { receivedAt, occurrences, parsedStackTrace: [{ fileName: `${release}.js`, lineNo: 1, colNo: 1 }] });
    const snapshot = async () => {
      const query = store().query;
      const issue = await query.issues.getGroupIssue('g-1', NOW);
      return {
        state: issue?.state,
        releases: issue?.releases.map((r) => [r.release, r.count]),
        stacks: issue?.stacks.map((s) => [s.release, s.parsedStackTrace[0]?.fileName]),
        timeline: (await query.issues.groupTimeline('g-1', window)).buckets.map((b) => [b.start, b.count]),
        events: (await query.groupEvents.listGroupEvents(0, 100)).map((e) => [e.kind, e.release]),
        summaries: (await query.releases.listReleases(10)).map((r) => [r.release, r.occurrences, r.groups, r.newGroups, r.regressedGroups]),
        count: (await store().query.logs.getLogGroup('g-1'))?.group.count,
      };
    };

    it('counts a batch of several releases and minutes as its messages one by one', async () => {
      await send([msg('m1', 'r1', at(10, 2), 2), msg('m2', 'r2', at(10, 2)), msg('m3', 'r1', at(10, 31), 3), msg('m4', null, at(10, 40))]);
      expect(await snapshot()).toMatchObject({
        state: { status: 'unresolved', firstRelease: 'r1', lastRelease: 'r2' },
        releases: [['r2', 1], ['r1', 5]],
        stacks: [['r2', 'r2.js'], ['r1', 'r1.js'], [null, 'null.js']],
        timeline: [[at(10, 0), 3], [at(10, 30), 3], [at(10, 40), 1]],
        events: [['new', 'r1']],
        summaries: [['r2', 1, 1, 0, 0], ['r1', 5, 1, 1, 0]],
        count: 7,
      });
      expect(await store().query.alerts.busyLogGroups(at(10, 2), 2)).toEqual([{ groupId: 'g-1', count: 3 }]);
      await store().query.issues.setGroupStatus('g-1', { status: 'resolved' }, at(11, 0));
      await send([msg('m5', 'r2', at(12, 0)), msg('m6', 'r3', at(12, 1)), msg('m7', 'r3', at(12, 2))]);
      expect(await snapshot()).toMatchObject({
        state: { status: 'regressed', regressedInRelease: 'r3', statusChangedAt: at(12, 1), lastRelease: 'r3' },
        events: [['new', 'r1'], ['regressed', 'r3']],
        summaries: [['r3', 2, 1, 0, 1], ['r2', 2, 1, 0, 0], ['r1', 5, 1, 1, 0]],
      });
    });

    it('changes nothing when a delivery comes again: counts, countdown, regression and events', async () => {
      const first = [msg('m1', 'r1', at(10, 2), 2)];
      const second = [msg('m2', 'r2', at(10, 3), 1)];
      await send(first);
      await store().query.issues.setGroupStatus('g-1', { status: 'ignored', ignoreOccurrences: 10 }, at(10, 2) + 1);
      await send(second);
      const before = await snapshot();
      expect(before).toMatchObject({ state: { status: 'ignored', ignoreOccurrencesLeft: 9 }, count: 3, timeline: [[at(10, 0), 3]] });
      await send([...second, ...first]);
      await store().ingest.writeBatch([{ kind: 'logs', batch: logBatch(second) }, { kind: 'logs', batch: logBatch(first) }]);
      await Promise.all([send(second), send(first)]);
      expect(await snapshot()).toEqual(before);
      expect(await store().query.alerts.busyLogGroups(at(10, 2), 1)).toEqual([{ groupId: 'g-1', count: 2 }]);
      // Resolved since: the old message of the newer release, sent again, is no new occurrence.
      await store().query.issues.setGroupStatus('g-1', { status: 'resolved' }, NOW);
      await send(first);
      await send(second);
      expect(await snapshot()).toMatchObject({ state: { status: 'resolved', resolvedInRelease: 'r2' }, events: [['new', 'r1']], count: 3 });
    });
  });
}
