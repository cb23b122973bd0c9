import type {
  GroupEvent,
  GroupIssueDetail,
  GroupState,
  GroupTimeline,
  IssueFilter,
  IssueGroupList,
  ResolvedStack,
  StatusChange,
  StoredGroupStack,
} from './contract.js';

/** What the issue workflow needs from a store: the list, a group's issue side, the operator's decisions. */
export interface IssueStorage {
  listIssueGroups(filter: IssueFilter, now: number): Promise<IssueGroupList>;
  /** Null when the group is unknown. */
  getGroupIssue(groupId: string, now: number): Promise<(Omit<GroupIssueDetail, 'resolvedStack'> & { stacks: StoredGroupStack[] }) | null>;
  /** Applies the operator's decision; null when the group is unknown. */
  setGroupStatus(groupId: string, change: StatusChange, now: number): Promise<GroupState | null>;
  groupTimeline(groupId: string, window: { from: number; to: number; bucketMs: number }): Promise<GroupTimeline>;
}

/** The groups' state changes noticed on ingest, in order: what alert rules read. */
export interface GroupEventFeed {
  /** New and regressed groups after event `afterId`, oldest first. */
  listGroupEvents(afterId: number, limit: number): Promise<GroupEvent[]>;
}

/**
 * Resolves a stored stack through its release's source maps (implemented in `releases/`, handed
 * in by the app), so the issue detail shows original places without importing the resolver.
 */
export interface StackResolver {
  /** The stack as resolved now, re-resolving (and saving) a cached one that may be out of date. */
  resolved(stack: StoredGroupStack): Promise<ResolvedStack>;
}
