import { createHash } from 'node:crypto';
import type { NewClientLog } from '../logs/ports.js';
import type { SourceMapStorage } from './ports.js';
import type { ResolvedStack, StoredGroupStack } from '../issues/contract.js';
import type { HostedBuild, MapSource } from './mapSource.js';
import { createMapSource } from './mapSource.js';
import { releaseOf } from '../logs/releaseContract.js';
import { culpritFrame, resolveStack } from './resolveStack.js';

/** A cached resolution that found fewer frames than there are is tried again after this long. */
const PARTIAL_RETRY_MS = 60_000;

/** What ingest, the console's log routes and the release routes share about source maps. */
export interface ReleaseService {
  maps: MapSource;
  /**
   * Gives each record whose stack resolves the group of its original place: the same error in
   * two builds (two file names, other columns) is one group, which is what makes a regression
   * in a newer release recognisable. Records without a release's maps keep the browser's group.
   */
  regroup(records: NewClientLog[]): Promise<void>;
  /** The stack as resolved now, re-resolving (and saving) a cached one that may be out of date. */
  resolved(stack: StoredGroupStack): Promise<ResolvedStack>;
  /** Resolves every stored stack of a release again (its maps just arrived); returns how many. */
  resolveRelease(release: string): Promise<number>;
}

/** The group id of a resolved place: product, level, message, original file and function. */
export function placeGroupId(record: Pick<NewClientLog, 'product' | 'level' | 'message'>, fileName: string, functionName = ''): string {
  const hash = createHash('sha256').update([record.level, record.message, fileName, functionName].join('\n')).digest('hex');
  return `${record.product}:s-${hash.slice(0, 20)}`;
}

/** Builds the service over the store and the builds this server hosts. */
export function createReleaseService(storage: SourceMapStorage, builds: HostedBuild[]): ReleaseService {
  const maps = createMapSource(storage, builds);

  async function resolveAndSave(stack: StoredGroupStack): Promise<ResolvedStack> {
    const resolved = await resolveStack(maps, stack.release, stack.parsedStackTrace);
    await storage.saveResolvedStack(stack.groupId, stack.release, resolved, Date.now());
    return resolved;
  }

  return {
    maps,
    async regroup(records) {
      for (const record of records) {
        if (record.parsedStackTrace.length === 0) continue;
        try {
          const culprit = await culpritFrame(maps, releaseOf(record.context), record.parsedStackTrace);
          if (culprit?.original) record.groupId = placeGroupId(record, culprit.original.fileName, culprit.original.functionName);
        } catch {
          // A map that cannot answer must not cost the message: it keeps the browser's group.
        }
      }
    },
    async resolved(stack) {
      const cached = stack.resolved;
      if (cached && stack.resolvedAt !== null) {
        const newestMap = stack.release === null ? null : await storage.latestArtifactAt(stack.release);
        const stale = newestMap !== null && newestMap > stack.resolvedAt;
        const partial = cached.resolvedCount < cached.frames.length && Date.now() - stack.resolvedAt > PARTIAL_RETRY_MS;
        if (!stale && !partial) return cached;
      }
      return resolveAndSave(stack);
    },
    async resolveRelease(release) {
      maps.forget(release);
      const stacks = await storage.listReleaseStacks(release);
      for (const stack of stacks) await resolveAndSave(stack);
      return stacks.length;
    },
  };
}
