import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupState, GroupTimeline, IssueDetail, IssueGroupList, IssueGroupPage } from './contract.js';
import { clientLogMessage } from '../testing/fixtures.js';
import { consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();
let sent = 0;

/** One occurrence (or `occurrences` folded) of group g-1 from a page of `release` (none when null). */
const occur = (release: string | null, occurrences = 1) =>
  postJson(t.app, '/log/client/messages', {
    product: 'flights',
    reqNo: 1,
    messages: [clientLogMessage({ id: `m${++sent}`, occurrences, context: release === null ? {} : { r9Version: release } })],
  });
const setStatus = (body: unknown, groupId = 'flights:g-1') =>
  t.app.inject({ method: 'PUT', url: `/console/api/logs/groups/${groupId}/status`, headers: consoleAuth, payload: body as object });
const get = async <T>(path: string) => (await t.app.inject({ url: `/console/api${path}`, headers: consoleAuth })).json<T>();
const state = async () => (await get<IssueDetail>('/logs/groups/flights:g-1')).state;
const events = () => t.storage.query.groupEvents.listGroupEvents(0, 100);

afterEach(() => {
  vi.useRealTimers();
});

describe('issue workflow', () => {
  it('starts a group unresolved and records it as new in its release', async () => {
    await occur('r1');
    expect(await state()).toMatchObject({ status: 'unresolved', firstRelease: 'r1', lastRelease: 'r1' });
    expect((await events()).map((e) => [e.kind, e.groupId, e.release])).toEqual([['new', 'flights:g-1', 'r1']]);
  });

  it('regresses a resolved group that occurs in a newer release, not in the same or an older one', async () => {
    await occur('r1');
    await occur('r2');
    const resolved = await setStatus({ status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<GroupState>()).toMatchObject({ status: 'resolved', resolvedInRelease: 'r2' });
    await occur('r2');
    await occur('r1'); // an old page still open somewhere
    await occur(null);
    expect((await state()).status).toBe('resolved');
    await occur('r3');
    expect(await state()).toMatchObject({ status: 'regressed', regressedInRelease: 'r3', lastRelease: 'r3' });
    expect((await events()).map((e) => [e.kind, e.release])).toEqual([['new', 'r1'], ['regressed', 'r3']]);
    const detail = await get<IssueDetail>('/logs/groups/flights:g-1');
    expect(detail.releases.map((r) => [r.release, r.count])).toEqual([['r3', 1], ['r2', 2], ['r1', 2]]);
  });

  it('regresses a group resolved without any release on its next occurrence', async () => {
    await occur(null);
    await setStatus({ status: 'resolved' });
    expect(await state()).toMatchObject({ status: 'resolved', resolvedInRelease: null });
    await occur(null);
    expect((await state()).status).toBe('regressed');
  });

  it('ignores for a number of occurrences, then the group is unresolved again', async () => {
    await occur('r1');
    expect((await setStatus({ status: 'ignored', ignoreOccurrences: 5 })).json()).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: 5 });
    await occur('r1', 3);
    expect(await state()).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: 2 });
    await occur('r1', 2);
    expect(await state()).toMatchObject({ status: 'unresolved', ignoreOccurrencesLeft: null });
  });

  it('ignores for a time, after which the group reads and filters as unresolved', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    await occur('r1');
    await setStatus({ status: 'ignored', ignoreMinutes: 30 });
    expect(await state()).toMatchObject({ status: 'ignored', ignoreUntil: 1_700_000_000_000 + 30 * 60_000 });
    expect((await get<IssueGroupList>('/logs/groups?status=open')).groups).toEqual([]);
    vi.setSystemTime(1_700_000_000_000 + 31 * 60_000);
    expect((await state()).status).toBe('unresolved');
    expect((await get<IssueGroupList>('/logs/groups?status=open')).groups.map((g) => g.groupId)).toEqual(['flights:g-1']);
  });

  it('ignores for good, and reopens', async () => {
    await occur('r1');
    await setStatus({ status: 'ignored' });
    await occur('r2', 1000);
    expect(await state()).toMatchObject({ status: 'ignored', ignoreOccurrencesLeft: null, ignoreUntil: null });
    expect((await setStatus({ status: 'unresolved' })).json()).toMatchObject({ status: 'unresolved' });
  });

  it('filters the list by state', async () => {
    await occur('r1');
    await postJson(t.app, '/log/client/messages', { product: 'flights', reqNo: 2, messages: [clientLogMessage({ id: 'x', groupId: 'g-2' })] });
    await setStatus({ status: 'resolved' }, 'flights:g-2');
    const ids = async (status: string) => (await get<IssueGroupList>(`/logs/groups?status=${status}`)).groups.map((g) => `${g.groupId}=${g.status}`);
    expect(await ids('open')).toEqual(['flights:g-1=unresolved']);
    expect(await ids('resolved')).toEqual(['flights:g-2=resolved']);
    expect(await ids('ignored')).toEqual([]);
    expect((await get<IssueGroupList>('/logs/groups')).groups).toHaveLength(2);
  });

  it.each([
    ['an unknown status', { status: 'archived' }],
    ['an ignore limit on a resolve', { status: 'resolved', ignoreMinutes: 5 }],
    ['both ignore limits', { status: 'ignored', ignoreMinutes: 5, ignoreOccurrences: 5 }],
    ['a zero count', { status: 'ignored', ignoreOccurrences: 0 }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    await occur('r1');
    const response = await setStatus(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TARMAC_BAD_BODY');
    expect((await state()).status).toBe('unresolved');
  });

  it('answers 404 for an unknown group and 401 without the token', async () => {
    expect((await setStatus({ status: 'resolved' }, 'flights:nope')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/console/api/logs/groups/flights:g-1/status', payload: { status: 'resolved' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('occurrences over time', () => {
  it('counts a group per bucket of its window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1, 10, 2) });
    await occur('r1', 2);
    vi.setSystemTime(Date.UTC(2026, 0, 1, 10, 4));
    await occur('r1', 3);
    vi.setSystemTime(Date.UTC(2026, 0, 1, 10, 31));
    await occur('r1');
    const from = Date.UTC(2026, 0, 1, 9), to = Date.UTC(2026, 0, 1, 11);
    const timeline = await get<GroupTimeline>(`/logs/groups/flights:g-1/timeline?from=${from}&to=${to}`);
    expect(timeline).toEqual({
      from, to, bucketMs: 5 * 60_000,
      buckets: [{ start: Date.UTC(2026, 0, 1, 10, 0), count: 5 }, { start: Date.UTC(2026, 0, 1, 10, 30), count: 1 }],
    });
    const missing = await t.app.inject({ url: '/console/api/logs/groups/flights:nope/timeline', headers: consoleAuth });
    expect(missing.statusCode).toBe(404);
  });

  it('splits hour and day buckets by release, read from the rollups', async () => {
    const at = (hour: number, minute = 0) => Date.UTC(2026, 0, 1, hour, minute);
    vi.useFakeTimers({ toFake: ['Date'], now: at(10, 2) });
    await occur('r1', 2);
    await occur(null, 5);
    vi.setSystemTime(at(12, 59));
    await occur('r2', 6);
    await occur('r1');
    vi.setSystemTime(at(13, 30));
    // Over 6 hours: hour buckets, the window widened to whole hours.
    const hours = await get<GroupTimeline>(`/logs/groups/flights:g-1/timeline?from=${at(2, 30)}&to=${at(13, 30)}`);
    expect(hours).toEqual({
      from: at(2), to: at(14), bucketMs: 3_600_000,
      buckets: [{ start: at(10), count: 7 }, { start: at(12), count: 7 }],
      releases: [
        { release: 'r2', buckets: [{ start: at(12), count: 6 }] },
        { release: null, buckets: [{ start: at(10), count: 5 }] },
        { release: 'r1', buckets: [{ start: at(10), count: 2 }, { start: at(12), count: 1 }] },
      ],
    });
    const days = await get<GroupTimeline>(`/logs/groups/flights:g-1/timeline?from=${at(0) - 6 * 86_400_000}&to=${at(13, 30)}`);
    expect([days.bucketMs, days.buckets]).toEqual([86_400_000, [{ start: at(0), count: 14 }]]);
    expect(days.releases?.map((r) => [r.release, r.buckets])).toEqual([['r2', [{ start: at(0), count: 6 }]], [null, [{ start: at(0), count: 5 }]], ['r1', [{ start: at(0), count: 3 }]]]);
  });
});

describe('the group list over a window', () => {
  it("gives each group its occurrences in the window and a count per bucket, the last 24 hours when none is sent", async () => {
    const at = (hour: number, minute = 0) => Date.UTC(2026, 0, 2, hour, minute);
    vi.useFakeTimers({ toFake: ['Date'], now: at(8, 10) });
    await occur('r1', 5);
    vi.setSystemTime(at(10, 20));
    await occur('r2', 2);
    vi.setSystemTime(at(11, 5));
    const list = await get<IssueGroupPage>('/logs/groups');
    expect(list.window).toEqual({ from: at(-13), to: at(12), bucketMs: 3_600_000 });
    const [group] = list.groups;
    expect(group).toMatchObject({ groupId: 'flights:g-1', count: 7, inWindow: { occurrences: 7 } });
    expect(group!.inWindow.trend).toHaveLength(25);
    expect(group!.inWindow.trend.slice(-4)).toEqual([5, 0, 2, 0]);
    const narrow = await get<IssueGroupPage>(`/logs/groups?from=${at(9)}&to=${at(11)}`);
    expect(narrow.groups[0]!.inWindow).toEqual({ occurrences: 2, trend: [0, 2] });
    const refused = await t.app.inject({ url: `/console/api/logs/groups?from=${at(11)}&to=${at(9)}`, headers: consoleAuth });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'TARMAC_BAD_QUERY']);
  });
});
