import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IssueAndReleasePorts } from '../ports.js';
import type { ResolvedStack } from '../../issues/contract.js';
import { newClientLog } from '../../testing/fixtures.js';
import type { PostgresLogPorts } from './logs.js';
import { createPostgresLogPorts } from './logs.js';
import { createPostgresReleaseStore } from './releases.js';
import type { MigratedPool } from './testing/migratedPool.js';
import { createMigratedPool } from './testing/migratedPool.js';

let db: MigratedPool;
let logs: PostgresLogPorts;
let releases: IssueAndReleasePorts;
let sent = 0;

beforeAll(async () => {
  db = await createMigratedPool();
  logs = createPostgresLogPorts(db.pool, { insertDropReport: async () => {} });
  releases = createPostgresReleaseStore(db.pool);
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.pool.query('TRUNCATE log_groups, log_group_events, releases, release_artifacts, ingest_keys CASCADE');
});

/** One occurrence (or `occurrences` folded) of `groupId` from a page of `release` (none when null). */
const occur = (release: string | null, { occurrences = 1, groupId = 'g-1', at = 1_000 } = {}) =>
  logs.ingest.insertClientLogs({
    records: [newClientLog({ messageId: `m${++sent}`, groupId, occurrences, receivedAt: at, context: release === null ? {} : { r9Version: release } })],
    ignored: 0,
  });
const state = async (now = 5_000) => (await releases.getGroupIssue('g-1', now))?.state;
const events = async () => (await releases.listGroupEvents(0, 100)).map((e) => [e.kind, e.groupId, e.release]);

describe('PostgreSQL release store: issue workflow', () => {
  it('starts a group unresolved and records it as new in its release', async () => {
    await occur('r1');
    expect(await state()).toEqual({
      status: 'unresolved', firstRelease: 'r1', lastRelease: 'r1', resolvedInRelease: null, statusChangedAt: null,
      regressedInRelease: null, ignoreOccurrencesLeft: null, ignoreUntil: null,
    });
    expect(await events()).toEqual([['new', 'g-1', 'r1']]);
    expect(await releases.getGroupIssue('nope', 0)).toBeNull();
    expect(await releases.setGroupStatus('nope', { status: 'resolved' }, 0)).toBeNull();
  });

  it('regresses a resolved group that occurs in a newer release, not in the same or an older one', async () => {
    await occur('r1');
    await occur('r2');
    expect(await releases.setGroupStatus('g-1', { status: 'resolved' }, 2_000)).toMatchObject({ status: 'resolved', resolvedInRelease: 'r2', statusChangedAt: 2_000 });
    await occur('r2');
    await occur('r1'); // an old page still open somewhere
    await occur(null);
    expect((await state())?.status).toBe('resolved');
    await occur('r3', { at: 3_000 });
    expect(await state()).toMatchObject({ status: 'regressed', regressedInRelease: 'r3', lastRelease: 'r3', statusChangedAt: 3_000 });
    expect((await releases.listGroupEvents(0, 100)).map((e) => [e.kind, e.release])).toEqual([['new', 'r1'], ['regressed', 'r3']]);
    const detail = await releases.getGroupIssue('g-1', 5_000);
    expect(detail?.releases.map((r) => [r.release, r.count])).toEqual([['r3', 1], ['r2', 2], ['r1', 2]]);
    expect((await releases.listIssueGroups({ status: 'open', limit: 10 }, 5_000)).groups.map((g) => g.status)).toEqual(['regressed']);
  });

  it('regresses a group resolved without any release on its next occurrence', async () => {
    await occur(null);
    await releases.setGroupStatus('g-1', { status: 'resolved' }, 2_000);
    expect(await state()).toMatchObject({ status: 'resolved', resolvedInRelease: null });
    await occur(null);
    expect((await state())?.status).toBe('regressed');
  });

  it('ignores for a number of occurrences, or for a time, then the group is unresolved again', async () => {
    await occur('r1');
    expect(await releases.setGroupStatus('g-1', { status: 'ignored', ignoreOccurrences: 5 }, 2_000)).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: 5 });
    await occur('r1', { occurrences: 3 });
    expect(await state()).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: 2 });
    await occur('r1', { occurrences: 2 });
    expect(await state()).toMatchObject({ status: 'unresolved', ignoreOccurrencesLeft: null });

    await releases.setGroupStatus('g-1', { status: 'ignored', ignoreMinutes: 30 }, 10_000);
    const until = 10_000 + 30 * 60_000;
    expect(await state(10_000)).toMatchObject({ status: 'ignored', ignoreUntil: until });
    expect((await releases.listIssueGroups({ status: 'open', limit: 10 }, until - 1)).groups).toEqual([]);
    expect((await releases.listIssueGroups({ status: 'open', limit: 10 }, until)).groups.map((g) => g.status)).toEqual(['unresolved']);
    expect((await releases.listIssueGroups({ status: 'ignored', limit: 10 }, until - 1)).groups).toHaveLength(1);
  });

  it('filters the issue list like the group list, with the ignored total and products', async () => {
    await occur('r1');
    await occur(null, { groupId: 'g-2', at: 2_000 });
    await releases.setGroupStatus('g-2', { status: 'resolved' }, 3_000);
    const ids = async (filter: Parameters<IssueAndReleasePorts['listIssueGroups']>[0]) =>
      (await releases.listIssueGroups(filter, 5_000)).groups.map((g) => `${g.groupId}=${g.status}`);
    expect(await ids({ limit: 10 })).toEqual(['g-2=resolved', 'g-1=unresolved']);
    expect(await ids({ status: 'open', limit: 10 })).toEqual(['g-1=unresolved']);
    expect(await ids({ status: 'resolved', q: 'typeerror', level: 4, product: 'flights', limit: 10 })).toEqual(['g-2=resolved']);
    expect(await ids({ product: 'hotels', limit: 10 })).toEqual([]);
    const list = await releases.listIssueGroups({ limit: 1 }, 5_000);
    expect(list).toMatchObject({ products: ['flights'], ignored: 0 });
    expect(list.groups[0]).toMatchObject({ groupId: 'g-2', count: 1, firstSeen: 2_000, lastSeen: 2_000, firstRelease: null });
  });

  it('counts a group per bucket of its window', async () => {
    const t0 = Date.UTC(2026, 0, 1, 10, 2);
    await occur('r1', { occurrences: 2, at: t0 });
    await occur('r1', { occurrences: 3, at: t0 + 2 * 60_000 });
    await occur('r1', { at: Date.UTC(2026, 0, 1, 10, 31) });
    const window = { from: Date.UTC(2026, 0, 1, 9), to: Date.UTC(2026, 0, 1, 11), bucketMs: 5 * 60_000 };
    expect(await releases.groupTimeline('g-1', window)).toEqual({
      ...window,
      buckets: [{ start: Date.UTC(2026, 0, 1, 10, 0), count: 5 }, { start: Date.UTC(2026, 0, 1, 10, 30), count: 1 }],
    });
  });

  it('numbers group events in the order they become visible, so a cursor never passes one', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await logs.writeLogBatches(client, [{ records: [newClientLog({ messageId: 'slow', groupId: 'early' })], ignored: 0 }]);
      await occur(null, { groupId: 'late' }); // started later, committed first
      const first = await releases.listGroupEvents(0, 10);
      expect(first.map((e) => [e.id, e.groupId])).toEqual([[1, 'late']]);
      await client.query('COMMIT');
      expect((await releases.listGroupEvents(1, 10)).map((e) => [e.id, e.groupId])).toEqual([[2, 'early']]);
      expect((await releases.listGroupEvents(0, 10)).map((e) => e.id)).toEqual([1, 2]);
    } finally {
      client.release();
    }
  });
});

describe('PostgreSQL release store: releases and source maps', () => {
  const resolved: ResolvedStack = { release: 'r1', frames: [], resolvedCount: 0 };

  it('keeps each group’s first stack per release and its resolution', async () => {
    await occur('r1');
    await occur('r2');
    await occur(null);
    const stacks = (await releases.getGroupIssue('g-1', 0))?.stacks;
    expect(stacks?.map((s) => s.release)).toEqual(['r2', 'r1', null]);
    expect(stacks?.[0]).toEqual({
      groupId: 'g-1', release: 'r2', parsedStackTrace: [{ functionName: 'run', fileName: 'app.js', lineNo: 10, colNo: 5 }],
      resolved: null, resolvedAt: null,
    });
    await releases.saveResolvedStack('g-1', 'r1', resolved, 7_000);
    expect(await releases.listReleaseStacks('r1')).toMatchObject([{ groupId: 'g-1', release: 'r1', resolved, resolvedAt: 7_000 }]);
  });

  it('keeps maps per release and URL, finds the first of several URLs, and sums releases', async () => {
    await releases.saveArtifacts('r1', [{ url: '~/a.js', map: '{"v":1}' }, { url: '~/b.js', map: '{}' }], 1_000);
    await releases.saveArtifacts('r1', [{ url: '~/a.js', map: '{"v":22}' }], 2_000);
    expect(await releases.findArtifact('r1', ['https://x.test/c.js', '~/b.js', '~/a.js'])).toEqual({ url: '~/b.js', map: '{}', uploadedAt: 1_000 });
    expect(await releases.findArtifact('r1', ['~/c.js'])).toBeNull();
    expect(await releases.latestArtifactAt('r1')).toBe(2_000);
    expect(await releases.latestArtifactAt('r9')).toBeNull();

    await occur('r1', { occurrences: 2, at: 3_000 });
    await occur('r2', { groupId: 'g-2', at: 4_000 });
    await releases.setGroupStatus('g-1', { status: 'resolved' }, 4_500);
    await occur('r2', { at: 5_000 });
    expect(await releases.listReleases(10)).toEqual([
      { release: 'r2', firstSeen: 4_000, lastSeen: 5_000, occurrences: 2, groups: 2, newGroups: 1, regressedGroups: 1, artifacts: 0 },
      { release: 'r1', firstSeen: 1_000, lastSeen: 3_000, occurrences: 2, groups: 1, newGroups: 1, regressedGroups: 0, artifacts: 2 },
    ]);
    const detail = await releases.getRelease('r2', 6_000);
    expect(detail?.newGroups.map((g) => g.groupId)).toEqual(['g-2']);
    expect(detail?.regressedGroups.map((g) => [g.groupId, g.status])).toEqual([['g-1', 'regressed']]);
    expect((await releases.getRelease('r1', 6_000))?.artifacts).toEqual([
      { url: '~/a.js', size: 8, uploadedAt: 2_000 },
      { url: '~/b.js', size: 2, uploadedAt: 1_000 },
    ]);
    expect(await releases.getRelease('nope', 0)).toBeNull();
  });
});
