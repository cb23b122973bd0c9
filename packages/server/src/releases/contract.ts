/**
 * Types of releases and their source maps (docs/releases.md): the Releases view and the maps an
 * upload keeps. A group's resolved stack is the issue side's (`issues/contract.ts`).
 */

import type { IssueGroup } from '../issues/contract.js';

/** A source map kept for a release, without its content. */
export interface ArtifactInfo {
  /** The URL of the minified file the map belongs to: absolute, or `~/path` for any origin. */
  url: string;
  size: number;
  uploadedAt: number;
}

/** One line of the Releases view. */
export interface ReleaseSummary {
  release: string;
  firstSeen: number;
  lastSeen: number;
  /**
   * Occurrences of every group in this release, ever: one exact counter per group and release
   * (`log_group_releases`), no time window, so the rollups have nothing to add here.
   */
  occurrences: number;
  groups: number;
  newGroups: number;
  regressedGroups: number;
  artifacts: number;
}

/** `GET /console/api/releases/:release`. */
export interface ReleaseDetail {
  release: ReleaseSummary;
  newGroups: IssueGroup[];
  regressedGroups: IssueGroup[];
  artifacts: ArtifactInfo[];
}

/** A source map to keep: the file it belongs to, its JSON text, and its size. */
export interface NewArtifact {
  url: string;
  map: string;
}
