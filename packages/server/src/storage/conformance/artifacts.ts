import { describe, expect, it } from 'vitest';
import type { ResolvedStack } from '../../issues/contract.js';
import { logBatch, releaseRecord, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const NOW = T0 + 60_000;
const APP = 'https://shop.test/assets/app-1a2b.js';
const VENDOR = '~/assets/vendor-9f8e.js';
// Not ASCII, so a map's size tells bytes (what is kept) from characters.
const MAP = JSON.stringify({ version: 3, sources: ['café.ts'], names: [], mappings: 'AAAA' });
const frames = (fileName: string) => [{ functionName: 'run', fileName, lineNo: 1, colNo: 10 }];
const resolvedStack: ResolvedStack = {
  release: 'r1',
  resolvedCount: 1,
  frames: [{ minified: frames(APP)[0]!, original: { fileName: 'src/cart.ts', lineNo: 12, colNo: 3, functionName: 'total', inApp: true }, context: { pre: ['a'], line: 'b', post: [] } }],
};

/** Releases, source maps and stored stacks of the release port. */
export function describeReleaseArtifacts(open: OpenStore): void {
  describe('releases ports: releases, source maps and stacks', () => {
    const store = storePerTest(open);
    const query = () => store().query;
    const occur = (id: string, release: string | null, groupId = 'g-1', file = APP, receivedAt = T0 + 1_000) =>
      store().ingest.logs.insertClientLogs(logBatch([releaseRecord(id, release, { groupId, receivedAt, parsedStackTrace: frames(file) })]));

    it('keeps source maps per release and URL, the newest upload of a URL replacing the older', async () => {
      expect(await query().sourceMaps.findArtifact('r1', [APP])).toBeNull();
      expect(await query().sourceMaps.latestArtifactAt('r1')).toBeNull();
      await query().sourceMaps.saveArtifacts('r1', [{ url: APP, map: '{"old":1}' }, { url: VENDOR, map: MAP }], T0 + 100);
      await query().sourceMaps.saveArtifacts('r1', [{ url: APP, map: MAP }], T0 + 200);
      await query().sourceMaps.saveArtifacts('r2', [{ url: APP, map: '{"r2":1}' }], T0 + 150);
      expect(await query().sourceMaps.findArtifact('r1', ['https://elsewhere.test/x.js', VENDOR, APP])).toEqual({ url: VENDOR, map: MAP, uploadedAt: T0 + 100 });
      expect(await query().sourceMaps.findArtifact('r1', [APP])).toEqual({ url: APP, map: MAP, uploadedAt: T0 + 200 });
      expect(await query().sourceMaps.findArtifact('r3', [APP])).toBeNull();
      expect(await query().sourceMaps.latestArtifactAt('r1')).toBe(T0 + 200);
      const detail = await query().releases.getRelease('r1', NOW);
      expect(detail?.artifacts).toEqual([
        { url: APP, size: Buffer.byteLength(MAP), uploadedAt: T0 + 200 },
        { url: VENDOR, size: Buffer.byteLength(MAP), uploadedAt: T0 + 100 },
      ]);
    });

    it('lists releases newest first (in the order first seen) with their counts', async () => {
      await occur('m1', 'shop-1');
      await occur('m2', 'shop-1', 'g-2', APP, T0 + 2_000);
      await query().sourceMaps.saveArtifacts('shop-2', [{ url: APP, map: MAP }], T0 + 3_000);
      await occur('m3', 'shop-2', 'g-3', APP, T0 + 4_000);
      await query().issues.setGroupStatus('g-1', { status: 'resolved' }, T0 + 5_000);
      await occur('m4', 'shop-2', 'g-1', APP, T0 + 6_000);
      await occur('m5', '../etc', 'g-1', APP, T0 + 7_000); // not a release name: stored, not tracked
      const list = await query().releases.listReleases(10);
      expect(list).toEqual([
        { release: 'shop-2', firstSeen: T0 + 3_000, lastSeen: T0 + 6_000, occurrences: 2, groups: 2, newGroups: 1, regressedGroups: 1, artifacts: 1 },
        { release: 'shop-1', firstSeen: T0 + 1_000, lastSeen: T0 + 2_000, occurrences: 2, groups: 2, newGroups: 2, regressedGroups: 0, artifacts: 0 },
      ]);
      expect((await query().releases.listReleases(1)).map((r) => r.release)).toEqual(['shop-2']);
      const detail = await query().releases.getRelease('shop-2', NOW);
      expect(detail?.release).toEqual(list[0]);
      expect(detail?.newGroups.map((g) => [g.groupId, g.status])).toEqual([['g-3', 'unresolved']]);
      expect(detail?.regressedGroups.map((g) => [g.groupId, g.status, g.regressedInRelease])).toEqual([['g-1', 'regressed', 'shop-2']]);
      expect(await query().releases.getRelease('nope', NOW)).toBeNull();
      expect((await store().query.logs.getLogGroup('g-1'))?.group.count).toBe(3);
    });

    it('keeps the first stack of each release of a group, newest release first, and its resolution', async () => {
      await occur('m1', 'r1', 'g-1', 'first-r1.js');
      await occur('m2', 'r1', 'g-1', 'second-r1.js');
      await occur('m3', null, 'g-1', 'no-release.js');
      await occur('m4', 'r2', 'g-1', 'first-r2.js');
      await occur('m5', 'r1', 'g-2', 'other-group.js');
      const stacks = (await query().issues.getGroupIssue('g-1', NOW))?.stacks;
      expect(stacks?.map((s) => [s.release, s.parsedStackTrace[0]?.fileName, s.resolved])).toEqual([
        ['r2', 'first-r2.js', null], ['r1', 'first-r1.js', null], [null, 'no-release.js', null],
      ]);
      await query().sourceMaps.saveResolvedStack('g-1', 'r1', resolvedStack, T0 + 9_000);
      await query().sourceMaps.saveResolvedStack('g-1', null, { ...resolvedStack, release: null }, T0 + 9_500);
      const inR1 = await query().sourceMaps.listReleaseStacks('r1');
      expect(inR1.map((s) => [s.groupId, s.resolvedAt])).toEqual(expect.arrayContaining([['g-1', T0 + 9_000], ['g-2', null]]));
      expect(inR1).toHaveLength(2);
      expect(inR1.find((s) => s.groupId === 'g-1')).toEqual({ groupId: 'g-1', release: 'r1', parsedStackTrace: frames('first-r1.js'), resolved: resolvedStack, resolvedAt: T0 + 9_000 });
      const after = (await query().issues.getGroupIssue('g-1', NOW))?.stacks;
      expect(after?.map((s) => [s.release, s.resolvedAt])).toEqual([['r2', null], ['r1', T0 + 9_000], [null, T0 + 9_500]]);
      expect(await query().sourceMaps.listReleaseStacks('r3')).toEqual([]);
    });
  });
}
