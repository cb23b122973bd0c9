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
}

/** A delivery whose attempt is due, with what sending it needs. */
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
 * with a due delivery, so no read meant for the console can leak it.
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
  /** Queues the delivery unless its rule already has one with its dedupe key; the new id, or null. */
  queueAlertDelivery(delivery: NewAlertDelivery): Promise<number | null>;
  /** When the rule last queued an alert about `subject`, for cool-downs. */
  lastAlertAt(ruleId: number, subject: string): Promise<number | null>;
  /** Pending deliveries whose next attempt is due at `now`, oldest first. */
  dueAlertDeliveries(now: number, limit: number): Promise<DueAlertDelivery[]>;
  /** The earliest next attempt of any pending delivery. */
  nextAlertAttemptAt(): Promise<number | null>;
  /** Keeps an attempt and where the delivery stands after it. */
  recordAlertAttempt(id: number, attempt: AlertAttempt, outcome: { status: DeliveryStatus; nextAttemptAt: number | null }): Promise<void>;
  listAlertDeliveries(filter: { ruleId?: number; limit: number }): Promise<AlertDelivery[]>;
  /** A position the evaluator keeps between runs (the last group event it read). */
  getAlertCursor(name: string): Promise<number>;
  setAlertCursor(name: string, value: number): Promise<void>;
  /** Groups with more than `threshold` occurrences in the minute starting at `minute`. */
  busyLogGroups(minute: number, threshold: number): Promise<Array<{ groupId: string; count: number }>>;
  /** Forgets deliveries created before `before` that are no longer pending; how many. */
  trimAlertDeliveries(before: number): Promise<number>;
}
