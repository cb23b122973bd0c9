import type { GroupState, GroupStatus, GroupTimeline, StatusChange, StatusFilter } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { absoluteTime } from '../format/relativeTime';

/** How each state reads in the console. */
export const STATUS_LABELS: Record<GroupStatus, string> = {
  unresolved: 'Unresolved',
  regressed: 'Regressed',
  resolved: 'Resolved',
  ignored: 'Ignored',
};

/** The Logs view's state filter; `open` (unresolved and regressed) is where work starts. */
export const STATUS_FILTERS: { value: StatusFilter | ''; label: string }[] = [
  { value: 'open', label: 'Open (unresolved, regressed)' },
  { value: 'unresolved', label: 'Unresolved' },
  { value: 'regressed', label: 'Regressed' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'ignored', label: 'Ignored' },
  { value: '', label: 'Every state' },
];

/** The ignore menu: for a number of occurrences, for a time, or for good. */
export const IGNORE_CHOICES: { label: string; change: StatusChange }[] = [
  { label: 'Until 10 more occurrences', change: { status: 'ignored', ignoreOccurrences: 10 } },
  { label: 'Until 100 more occurrences', change: { status: 'ignored', ignoreOccurrences: 100 } },
  { label: 'Until 1,000 more occurrences', change: { status: 'ignored', ignoreOccurrences: 1000 } },
  { label: 'For 30 minutes', change: { status: 'ignored', ignoreMinutes: 30 } },
  { label: 'For 24 hours', change: { status: 'ignored', ignoreMinutes: 24 * 60 } },
  { label: 'For 7 days', change: { status: 'ignored', ignoreMinutes: 7 * 24 * 60 } },
  { label: 'Forever', change: { status: 'ignored' } },
];

/** Applies the operator's decision to a group; resolves to its new state. */
export function setGroupStatus(client: ConsoleClient, groupId: string, change: StatusChange): Promise<GroupState> {
  return client.send<GroupState>('PUT', `/logs/groups/${encodeURIComponent(groupId)}/status`, change);
}

/** Occurrences of a group over the last `hours`. */
export function fetchTimeline(client: ConsoleClient, groupId: string, hours: number, now: number, signal?: AbortSignal): Promise<GroupTimeline> {
  const to = Math.ceil(now / 60_000) * 60_000;
  const from = to - hours * 3_600_000;
  return client.get<GroupTimeline>(`/logs/groups/${encodeURIComponent(groupId)}/timeline?from=${from}&to=${to}`, signal);
}

/** One sentence on where a group stands and what would change it. */
export function describeState(state: GroupState): string {
  switch (state.status) {
    case 'resolved':
      return state.resolvedInRelease
        ? `Resolved in ${state.resolvedInRelease}: it regresses if it occurs in a newer release.`
        : 'Resolved: it regresses if it occurs again.';
    case 'regressed':
      return `Regressed: resolved, then seen again in ${state.regressedInRelease ?? 'a newer release'}.`;
    case 'ignored':
      if (state.ignoreOccurrencesLeft !== null) return `Ignored until it occurs ${state.ignoreOccurrencesLeft.toLocaleString('en')} more times.`;
      if (state.ignoreUntil !== null) return `Ignored until ${absoluteTime(state.ignoreUntil)}.`;
      return 'Ignored for good.';
    default:
      return 'Unresolved.';
  }
}
