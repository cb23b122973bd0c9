import type { ResolvedStack, StoredGroupStack } from '../issues/contract.js';
import type { NewArtifact, ReleaseDetail, ReleaseSummary } from './contract.js';

/** What the Releases view reads from a store. */
export interface ReleaseStorage {
  listReleases(limit: number): Promise<ReleaseSummary[]>;
  /** Null when the release is unknown. */
  getRelease(release: string, now: number): Promise<ReleaseDetail | null>;
}

/** What source maps need from a store: the uploaded maps, and the stacks resolved through them. */
export interface SourceMapStorage {
  /** Keeps the maps (replacing maps of the same URL) and notes the release as seen. */
  saveArtifacts(release: string, artifacts: NewArtifact[], at: number): Promise<void>;
  /** The map kept for the first of `urls` that has one, as JSON text. */
  findArtifact(release: string, urls: string[]): Promise<{ url: string; map: string; uploadedAt: number } | null>;
  /** When the release's newest map arrived; null when it has none. */
  latestArtifactAt(release: string): Promise<number | null>;
  saveResolvedStack(groupId: string, release: string | null, stack: ResolvedStack, at: number): Promise<void>;
  /** Every stored stack of a release (to resolve them when its maps arrive). */
  listReleaseStacks(release: string): Promise<StoredGroupStack[]>;
}
