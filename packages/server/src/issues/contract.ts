/**
 * Types of the issue workflow over log groups (docs/releases.md): a group's state, its releases,
 * its stack resolved through source maps, and the events alerting reads. What the console API
 * answers and what the store keeps, so routes, storage, console and tests cannot drift apart.
 */

import type { LogGroup, LogGroupDetail, LogGroupList, StackFrame } from '../logs/contract.js';

/**
 * Where a group stands. `regressed` is `unresolved` with a reason: it was resolved and came back
 * in a newer release. An `ignored` group whose time is up reads as `unresolved`.
 */
export type GroupStatus = 'unresolved' | 'resolved' | 'ignored' | 'regressed';

/** The workflow side of a group, as the list and the detail show it. */
export interface GroupState {
  status: GroupStatus;
  /** The oldest and newest release the group occurred in (release order: first seen by the server). */
  firstRelease: string | null;
  lastRelease: string | null;
  /** When resolved: the newest release it had occurred in then; occurring in a newer one regresses it. */
  resolvedInRelease: string | null;
  /** When it changed state last (epoch ms), by the operator or by a regression. */
  statusChangedAt: number | null;
  /** The release that regressed it, while `regressed`. */
  regressedInRelease: string | null;
  /** While `ignored` for a number of occurrences: how many more before it is unresolved again. */
  ignoreOccurrencesLeft: number | null;
  /** While `ignored` for a time: until when (epoch ms). */
  ignoreUntil: number | null;
}

/** A group in the console's list: the log group and where it stands. */
export type IssueGroup = LogGroup & GroupState;

/** The group list with each group's state, as the store lists it. */
export interface IssueGroupList extends Omit<LogGroupList, 'groups'> {
  groups: IssueGroup[];
}

/** A group's occurrences in the list's window, from the rollups. */
export interface GroupWindowCounts {
  occurrences: number;
  /** One count per bucket of the list's window, oldest first, empty buckets as 0. */
  trend: number[];
}

/** The grid a logs read used: the asked window widened to whole hours, buckets of an hour or more. */
export interface LogWindow {
  from: number;
  to: number;
  bucketMs: number;
}

/**
 * `GET /console/api/logs/groups?from=&to=`: the group list with each group's state and its
 * occurrences in the window (the last 24 hours when none is given).
 */
export interface IssueGroupPage extends Omit<IssueGroupList, 'groups'> {
  window: LogWindow;
  groups: (IssueGroup & { inWindow: GroupWindowCounts })[];
}

/** The list's state filter: one state, or `open` for unresolved and regressed together. */
export type StatusFilter = GroupStatus | 'open';

/** `PUT /console/api/logs/groups/:groupId/status`: what the operator decided. */
export interface StatusChange {
  status: 'resolved' | 'ignored' | 'unresolved';
  /** Only with `ignored`: unresolved again after this many more occurrences. */
  ignoreOccurrences?: number;
  /** Only with `ignored`: unresolved again after this many minutes. Neither: ignored for good. */
  ignoreMinutes?: number;
}

/** One release's share of a group. */
export interface GroupReleaseCount {
  release: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

/** Five lines either side of a resolved line, from the source map's `sourcesContent`. */
export interface SourceContext {
  pre: string[];
  line: string;
  post: string[];
}

/**
 * A stack frame as the console shows it: the original place when a source map knew it, and the
 * frame as the browser reported it either way. Lines and columns are 1-based, as in stacks.
 */
export interface ResolvedFrame {
  minified: StackFrame;
  original: {
    fileName: string;
    lineNo: number;
    colNo: number;
    /** The named function the line is written in, read from the original source; else the minified name. */
    functionName?: string;
    /** False for library code (node_modules). */
    inApp: boolean;
  } | null;
  context: SourceContext | null;
}

/** A group's stack of one release, resolved through that release's source maps. */
export interface ResolvedStack {
  release: string | null;
  frames: ResolvedFrame[];
  /** How many frames found their original place. */
  resolvedCount: number;
}

/** What the group detail adds to the log group's own detail. */
export interface GroupIssueDetail {
  state: GroupState;
  releases: GroupReleaseCount[];
  /** The stack of the group's newest release, resolved; null when the group has no stack. */
  resolvedStack: ResolvedStack | null;
}

/** Occurrences of a group per time bucket (only buckets with occurrences, oldest first). */
export interface GroupTimeline {
  from: number;
  to: number;
  bucketMs: number;
  buckets: { start: number; count: number }[];
  /**
   * The same split by release (null: sent without one), most occurrences first; present when the
   * buckets are an hour or more (read from the rollups), absent for the finer buckets of a short
   * window, which only the per-minute counts (kept without release) can give.
   */
  releases?: { release: string | null; buckets: { start: number; count: number }[] }[];
}

/** A change the server noticed on ingest, kept in order for alerting (`new` group, `regressed`). */
export interface GroupEvent {
  id: number;
  kind: 'new' | 'regressed';
  groupId: string;
  release: string | null;
  at: number;
}

/** A group's stack as stored for one release, with the cached resolution if any. */
export interface StoredGroupStack {
  groupId: string;
  release: string | null;
  parsedStackTrace: StackFrame[];
  resolved: ResolvedStack | null;
  resolvedAt: number | null;
}

/** Filters of the issue list: the log group filters plus the state. */
export interface IssueFilter {
  level?: number;
  product?: string;
  q?: string;
  status?: StatusFilter;
  limit: number;
}

/** `GET /console/api/logs/groups/:groupId`: the log group's detail with its issue side. */
export type IssueDetail = LogGroupDetail & GroupIssueDetail;
