import type { LogGroup } from '../logs/contract.js';
import type { LogQuery } from '../logs/ports.js';
import type { PerfQuery } from '../perf/ports.js';
import type { GroupEventFeed } from '../issues/ports.js';
import type { AlertStorage } from './ports.js';
import type { AlertCandidate } from './candidates.js';
import { cooldownMs } from './candidates.js';
import type { AlertPayload } from './contract.js';
import { groupEventCandidates, rateCandidate } from './groupCandidates.js';
import { vitalsCandidates } from './vitalsCandidates.js';

/**
 * The query ports alerting reads (a store's `query` fits): its own tables, and besides them the
 * new and regressed group events, the groups, and perf reports.
 */
export interface AlertSources {
  alerts: AlertStorage;
  groupEvents: GroupEventFeed;
  logs: Pick<LogQuery, 'getLogGroup'>;
  perf: Pick<PerfQuery, 'listPerfReports'>;
}

const EVENTS_CURSOR = 'group-events';
const EVENTS_PER_READ = 200;
const MINUTE = 60_000;
/** The most perf reports one vitals evaluation reads (the newest of the longest window). */
const REPORTS_READ = 50_000;

/** The webhook body of a candidate, without the delivery id the store assigns. */
export function payloadOf(candidate: AlertCandidate, firedAt: number): Omit<AlertPayload, 'id'> {
  const { rule, kind, summary, group, page } = candidate;
  return { kind, rule: { id: rule.id, name: rule.name }, summary, firedAt, ...(group ? { group } : {}), ...(page ? { page } : {}) };
}

/**
 * Queues a candidate unless the same condition was queued before or, for a persisting condition,
 * the rule's cool-down for its subject is still running (the store checks both as it inserts, so
 * instances evaluating at once queue it once); true when queued.
 */
export async function queueCandidate(store: AlertStorage, candidate: AlertCandidate, now: number): Promise<boolean> {
  const { rule, subject } = candidate;
  const id = await store.queueAlertDelivery({
    ruleId: rule.id,
    kind: candidate.kind,
    dedupeKey: candidate.dedupeKey,
    subject,
    summary: candidate.summary,
    payload: JSON.stringify(payloadOf(candidate, now)),
    createdAt: now,
    ...(candidate.cooled ? { cooldownMs: cooldownMs(rule) } : {}),
  });
  return id !== null;
}

/**
 * One evaluation of every enabled rule at `now`; returns how many alerts it queued. Group events
 * are read from where the last evaluation stopped, and the cursor moves only after their alerts
 * are queued, so a crash repeats work (de-duplicated) rather than skipping it; several instances
 * may evaluate at once (each runs the engine), and their overlapping reads queue each alert once. Rates look at this
 * minute and the last one, so a burst that crossed the line just before a minute ended is seen.
 * Vitals, the costly read, only when `vitals` is true (the engine asks once a minute).
 */
export async function evaluateAlerts(store: AlertSources, now: number, { vitals }: { vitals: boolean }): Promise<number> {
  const rules = (await store.alerts.listAlertRules()).filter((rule) => rule.enabled);
  const groups = new Map<string, LogGroup | null>();
  const groupOf = async (groupId: string): Promise<LogGroup | null> => {
    if (!groups.has(groupId)) groups.set(groupId, (await store.logs.getLogGroup(groupId))?.group ?? null);
    return groups.get(groupId)!;
  };
  const candidates: AlertCandidate[] = [];

  // Without a rule that wants them, events are left unread: nothing is written while no one
  // asked for alerts, and a rule made later skips the older events by their time anyway.
  const eventRules = rules.filter((rule) => rule.kind === 'new-group' || rule.kind === 'regression');
  const startCursor = eventRules.length ? await store.alerts.getAlertCursor(EVENTS_CURSOR) : 0;
  let cursor = startCursor;
  const oldestRule = Math.min(...eventRules.map((rule) => rule.createdAt));
  while (eventRules.length) {
    const events = await store.groupEvents.listGroupEvents(cursor, EVENTS_PER_READ);
    for (const event of events) {
      const group = event.at >= oldestRule ? await groupOf(event.groupId) : null;
      if (group) candidates.push(...groupEventCandidates(eventRules, event, group));
      cursor = event.id;
    }
    if (events.length < EVENTS_PER_READ) break;
  }

  const thisMinute = Math.floor(now / MINUTE) * MINUTE;
  for (const rule of rules.filter((r) => r.kind === 'group-rate' && r.threshold !== undefined)) {
    for (const minute of [thisMinute - MINUTE, thisMinute]) {
      for (const { groupId, count } of await store.alerts.busyLogGroups(minute, rule.threshold!)) {
        const group = await groupOf(groupId);
        const candidate = group && rateCandidate(rule, group, minute, count);
        if (candidate) candidates.push(candidate);
      }
    }
  }

  const vitalsRules = vitals ? rules.filter((rule) => rule.kind === 'vitals-p75') : [];
  if (vitalsRules.length) {
    const longest = Math.max(...vitalsRules.map((rule) => rule.windowMinutes ?? 30)) * MINUTE;
    const reports = await store.perf.listPerfReports({ from: now - longest, to: now + 1, limit: REPORTS_READ });
    for (const rule of vitalsRules) candidates.push(...vitalsCandidates(rule, reports, now));
  }

  let queued = 0;
  for (const candidate of candidates) if (await queueCandidate(store.alerts, candidate, now)) queued++;
  if (cursor !== startCursor) await store.alerts.setAlertCursor(EVENTS_CURSOR, cursor);
  return queued;
}
