import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientLogMessage } from '../testing/fixtures.js';
import { consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';
import type { IssueDetail } from '../issues/contract.js';
import type { ReleaseDetail, ReleaseSummary } from './contract.js';
import { CHECKOUT_FILE, minifiedBuild } from './testing/minifiedBuild.js';

const t = testAppForEachTest();
const url = 'https://shop.test/assets/app-1a2b3c4d.js';
const build = minifiedBuild(url);

const upload = (release: string, body: unknown, headers: Record<string, string> = consoleAuth) =>
  postJson(t.app, `/console/api/releases/${release}/artifacts`, body, headers);
const mapOf = (u: string, sourceMap: unknown = build.map) => ({ artifacts: [{ url: u, sourceMap }] });
/** Sends the fixture's real error as page `release` would, optionally from another build. */
const sendError = (release: string, id: string, frames = build.frames, clientGroup = 'client-a') =>
  postJson(t.app, '/log/client/messages', {
    product: 'shop',
    reqNo: 1,
    messages: [clientLogMessage({ id, groupId: clientGroup, message: 'Error: Cart total over the limit', context: { url: 'https://shop.test/', r9Version: release }, parsedStackTrace: frames, stackTrace: build.stackTrace })],
  });
const get = async <T>(path: string) => (await t.app.inject({ url: `/console/api${path}`, headers: consoleAuth })).json<T>();
const groupIds = async () => (await get<{ groups: { groupId: string }[] }>('/logs/groups?status=open')).groups.map((g) => g.groupId);

describe('source map upload', () => {
  it('needs the console token and stores nothing without it', async () => {
    const response = await upload('shop-1', mapOf(url), {});
    expect(response.statusCode).toBe(401);
    expect(await t.storage.query.sourceMaps.findArtifact('shop-1', [url])).toBeNull();
  });

  it.each([
    ['a release name with a slash', 'shop/1', mapOf(url), 'TARMAC_BAD_PARAMS'],
    ['a relative URL', 'shop-1', mapOf('assets/app.js'), 'TARMAC_BAD_BODY'],
    ['no artifacts', 'shop-1', { artifacts: [] }, 'TARMAC_BAD_BODY'],
    ['a version 2 map', 'shop-1', mapOf(url, { ...build.map, version: 2 }), 'TARMAC_BAD_BODY'],
    ['mappings that are not VLQ', 'shop-1', mapOf(url, { ...build.map, mappings: 'AA"A' }), 'TARMAC_BAD_BODY'],
    ['mappings into a source it lacks', 'shop-1', mapOf(url, { ...build.map, mappings: 'AAAA,ECAA' }), 'TARMAC_BAD_BODY'],
    ['more contents than sources', 'shop-1', mapOf(url, { ...build.map, sourcesContent: ['a', 'b'] }), 'TARMAC_BAD_BODY'],
  ])('refuses %s with a coded reason and stores nothing', async (_label, release, body, code) => {
    const response = await upload(encodeURIComponent(release), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code });
    expect(await get<{ releases: unknown[] }>('/releases')).toEqual({ releases: [] });
  });

  it('resolves the stored frames of a release when its maps arrive', async () => {
    await sendError('shop-1', 'm1');
    const [groupId] = await groupIds();
    const before = await get<IssueDetail>(`/logs/groups/${groupId}`);
    expect(before.resolvedStack?.resolvedCount).toBe(0);

    const response = await upload('shop-1', mapOf(url));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ release: 'shop-1', artifacts: [{ url, size: JSON.stringify(build.map).length }], resolvedStacks: 1 });
    // Resolved on arrival: the stored resolution already has the original place before any read.
    const [stored] = await t.storage.query.sourceMaps.listReleaseStacks('shop-1');
    expect(stored?.resolved?.frames[0]?.original).toMatchObject({ fileName: CHECKOUT_FILE, functionName: 'checkoutTotal' });
    const after = await get<IssueDetail>(`/logs/groups/${groupId}`);
    expect(after.resolvedStack?.frames[0]?.original?.fileName).toBe(CHECKOUT_FILE);
    expect(after.resolvedStack?.frames[0]?.context?.line).toContain("throw new Error('Cart total over the limit')");
  });

  it('groups the same error of two builds by its original place once the maps are known', async () => {
    const otherUrl = 'https://shop.test/assets/app-9f8e7d6c.js';
    const other = minifiedBuild(otherUrl, '/* build two */ var padding = 1;');
    expect([other.frames[0]?.lineNo, other.frames[0]?.colNo]).not.toEqual([build.frames[0]?.lineNo, build.frames[0]?.colNo]);
    await upload('shop-1', mapOf(url));
    await upload('shop-2', mapOf(otherUrl, other.map));
    await sendError('shop-1', 'm1');
    await sendError('shop-2', 'm2', other.frames, 'client-b'); // the browser's groups differ
    const ids = await groupIds();
    expect(ids).toHaveLength(1);
    const detail = await get<IssueDetail>(`/logs/groups/${ids[0]}`);
    expect(detail.releases.map((r) => [r.release, r.count])).toEqual([['shop-2', 1], ['shop-1', 1]]);
    expect(detail.state).toMatchObject({ firstRelease: 'shop-1', lastRelease: 'shop-2' });
  });

  it('resolves files of the build it hosts from the hidden map beside them', async () => {
    const hosted = minifiedBuild('http://localhost/assets/app-abc123.js');
    writeFileSync(join(t.siteDir, 'assets', 'app-abc123.js.map'), JSON.stringify(hosted.map));
    await sendError('2026.1.0', 'm1', hosted.frames);
    const [groupId] = await groupIds();
    const detail = await get<IssueDetail>(`/logs/groups/${groupId}`);
    expect(detail.resolvedStack?.frames[0]?.original).toMatchObject({ fileName: CHECKOUT_FILE, functionName: 'checkoutTotal' });
    expect(detail.resolvedStack?.frames[0]?.minified).toEqual(hosted.frames[0]);
    // …which browsers cannot fetch: the map holds the original source.
    const served = await t.app.inject({ url: '/assets/app-abc123.js.map' });
    expect(served.statusCode).toBe(404);
    expect(served.body).not.toContain('checkoutTotal');
  });
});

describe('releases', () => {
  it('lists releases newest first with their new groups and maps', async () => {
    await sendError('shop-1', 'm1');
    await upload('shop-2', mapOf(url));
    await postJson(t.app, '/log/client/messages', { product: 'shop', reqNo: 2, messages: [clientLogMessage({ id: 'm3', groupId: 'other', context: { r9Version: 'shop-2' } })] });
    const { releases } = await get<{ releases: ReleaseSummary[] }>('/releases');
    expect(releases.map((r) => [r.release, r.occurrences, r.groups, r.newGroups, r.regressedGroups, r.artifacts])).toEqual([
      ['shop-2', 1, 1, 1, 0, 1],
      ['shop-1', 1, 1, 1, 0, 0],
    ]);
    const detail = await get<ReleaseDetail>('/releases/shop-2');
    expect(detail.newGroups.map((g) => g.groupId)).toEqual(['shop:other']);
    expect(detail.artifacts).toEqual([{ url, size: JSON.stringify(build.map).length, uploadedAt: expect.any(Number) }]);
    const missing = await t.app.inject({ url: '/console/api/releases/nope', headers: consoleAuth });
    expect(missing.statusCode).toBe(404);
  });

  it('ignores a release that is not a valid name, keeping the message', async () => {
    await postJson(t.app, '/log/client/messages', { product: 'shop', reqNo: 1, messages: [clientLogMessage({ context: { r9Version: '../etc' } })] });
    expect(await groupIds()).toEqual(['shop:g-1']);
    expect(await get('/releases')).toEqual({ releases: [] });
  });
});
