import type { AlertAttempt, AlertDelivery, AlertKind, AlertRule, AlertRuleInput, AlertRuleUpdate, DeliveryStatus } from './contract.js';

/** An alert to deliver, as the evaluator hands it to the store. */
export interface NewAlertDelivery {
  ruleId: number;
  kind: AlertKind | 'test';
  /** Unique per rule: the same condition seen by two evaluations is queued once. */
  dedupeKey: string;
  subject: string;
  summary: string;
  /** The webhook body without its id, which the store assigns. */
  payload: string;
  createdAt: number;
  /**
   * For conditions that persist (rates, vitals): nothing is queued when the rule queued an alert
   * about the same subject less than this long before `createdAt`. The look and the insert are
   * one step, so two instances evaluating at once cannot both pass the look with different keys.
   */
  cooldownMs?: number;
}

/** A delivery whose attempt is due, claimed by the caller, with what sending it needs. */
export interface DueAlertDelivery {
  id: number;
  kind: AlertKind | 'test';
  payload: string;
  webhookUrl: string;
  secret: string;
  /** Attempts made so far. */
  attempts: number;
}

/**
 * What alerting needs from a store. The rule's secret goes in with the rule and comes out only
 * with a claimed delivery, so no read meant for the console can leak it. Every instance of the
 * server runs the engine on the one store, so whatever two of them may do at once (queue the same
 * condition, claim the same delivery, move the cursor) is settled here, atomically.
 */
export interface AlertStorage {
  listAlertRules(): Promise<AlertRule[]>;
  /** Null when there is no such rule. */
  getAlertRule(id: number): Promise<AlertRule | null>;
  createAlertRule(input: AlertRuleInput, at: number): Promise<AlertRule>;
  /** Null when there is no such rule; the secret is kept when the update has none. */
  updateAlertRule(id: number, update: AlertRuleUpdate, at: number): Promise<AlertRule | null>;
  /** False when there was no such rule; its deliveries go with it. */
  deleteAlertRule(id: number): Promise<boolean>;
  /**
   * Queues the delivery unless its rule already has one with its dedupe key, or (with
   * `cooldownMs`) alerted about its subject within the cool-down; the new id, or null.
   */
  queueAlertDelivery(delivery: NewAlertDelivery): Promise<number | null>;
  /**
   * Takes up to `limit` pending deliveries whose attempt is due at `now` and that no one holds,
   * oldest first, and holds them for `owner` until `now + leaseMs`, in one atomic step: two
   * instances claiming at once never get the same delivery. An owner that dies mid-attempt
   * simply lets its lease run out; the delivery is then due again for anyone.
   */
  claimDueAlertDeliveries(now: number, limit: number, leaseMs: number, owner: string): Promise<DueAlertDelivery[]>;
  /** The earliest time a pending delivery may be claimed: its next attempt, or its lease's end if later. */
  nextAlertAttemptAt(): Promise<number | null>;
  /**
   * Keeps an attempt and where the delivery stands after it, and releases `owner`'s claim on it.
   * A claim that passed to another owner (this one's lease ran out) is left alone, and a delivery
   * already settled stays settled: a late attempt is kept in the history but changes nothing else.
   */
  recordAlertAttempt(
    id: number,
    attempt: AlertAttempt,
    outcome: { status: DeliveryStatus; nextAttemptAt: number | null },
    owner: string,
  ): Promise<void>;
  listAlertDeliveries(filter: { ruleId?: number; limit: number }): Promise<AlertDelivery[]>;
  /** A position the evaluator keeps between runs (the last group event it read). */
  getAlertCursor(name: string): Promise<number>;
  /** Moves the cursor forward only: an instance finishing after a faster one never rewinds it. */
  setAlertCursor(name: string, value: number): Promise<void>;
  /**
   * Groups with more than `threshold` occurrences in the minute starting at `minute`. Read from
   * the per-minute counts ingest keeps, not from the log rollups: a rule's "N in a minute" needs
   * the very minute, which an hour row cannot tell.
   */
  busyLogGroups(minute: number, threshold: number): Promise<Array<{ groupId: string; count: number }>>;
  /** Forgets deliveries created before `before` that are no longer pending; how many. */
  trimAlertDeliveries(before: number): Promise<number>;
}
