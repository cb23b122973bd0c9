import type { LogGroup } from '../logs/contract.js';
import type { AlertCandidate } from './candidates.js';
import { headline, levelWord } from './candidates.js';
import type { AlertGroup, AlertRule } from './contract.js';
import type { GroupEvent } from '../issues/contract.js';

/** True when the group is one the rule watches: its product (if set) and at least its level. */
export function watches(rule: AlertRule, group: LogGroup): boolean {
  return (rule.product === undefined || rule.product === group.product) && group.level >= (rule.minLevel ?? 4);
}

const alertGroup = (group: LogGroup, release: string | null): AlertGroup => ({
  groupId: group.groupId,
  product: group.product,
  level: group.level,
  message: group.message,
  fileName: group.fileName,
  count: group.count,
  firstSeen: group.firstSeen,
  lastSeen: group.lastSeen,
  release,
});

/**
 * The alerts of new and regressed groups for the `new-group` and `regression` rules: one per
 * rule and event, for events after the rule was made (a rule does not alert about the past).
 */
export function groupEventCandidates(rules: AlertRule[], event: GroupEvent, group: LogGroup): AlertCandidate[] {
  const kind = event.kind === 'new' ? 'new-group' : 'regression';
  const release = event.release === null ? '' : ` in ${event.release}`;
  const summary =
    event.kind === 'new'
      ? `New ${levelWord(group.level)} in ${group.product}${release}: ${headline(group.message)}`
      : `Regressed${release} (${group.product}): ${headline(group.message)}`;
  return rules
    .filter((rule) => rule.kind === kind && event.at >= rule.createdAt && watches(rule, group))
    .map((rule) => ({
      rule,
      kind,
      dedupeKey: `event:${event.id}`,
      subject: `group:${group.groupId}`,
      summary,
      cooled: false,
      group: alertGroup(group, event.release),
    }));
}

/** The `group-rate` alert of a group counted `count` times in the minute starting at `minute`. */
export function rateCandidate(rule: AlertRule, group: LogGroup, minute: number, count: number): AlertCandidate | null {
  if (!watches(rule, group)) return null;
  return {
    rule,
    kind: 'group-rate',
    dedupeKey: `rate:${group.groupId}:${minute}`,
    subject: `group:${group.groupId}`,
    summary: `${count} occurrences in a minute (over ${rule.threshold}) in ${group.product}: ${headline(group.message)}`,
    cooled: true,
    group: { ...alertGroup(group, null), perMinute: count },
  };
}
