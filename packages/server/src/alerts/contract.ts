/**
 * Alert rules, their deliveries and the webhook body (docs/alerts.md): what the console API
 * answers, what the store keeps and what a receiver gets, so none of them can drift apart.
 */
import type { MetricName } from '../perf/contract.js';
import type { TopOffender } from './topOffender.js';

/** What a rule watches. */
export const ALERT_KINDS = ['new-group', 'group-rate', 'regression', 'vitals-p75'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A rule's conditions; which ones apply depends on its kind (docs/alerts.md). */
export interface AlertConditions {
  /** Group kinds: only groups of this product. */
  product?: string;
  /** Group kinds: only groups at or above this level (1 debug … 4 error); 4 when absent. */
  minLevel?: number;
  /** group-rate: occurrences in one minute to exceed; vitals-p75: the p75 to exceed (ms, CLS unitless). */
  threshold?: number;
  /** vitals-p75: the metric. */
  metric?: MetricName;
  /** vitals-p75: the window the p75 is taken over, in minutes; 30 when absent. */
  windowMinutes?: number;
  /** vitals-p75: fewer page views than this in the window say nothing; 20 when absent. */
  minSamples?: number;
  /** vitals-p75: only this page (each part optional). */
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  /** group-rate and vitals-p75: after an alert, the same group or page stays quiet this long; 60 when absent. */
  cooldownMinutes?: number;
}

/** What the console sends to create a rule. `secret` signs its deliveries and is never shown again. */
export interface AlertRuleInput extends AlertConditions {
  name: string;
  kind: AlertKind;
  webhookUrl: string;
  secret: string;
  enabled?: boolean;
}

/** What the console sends to change a rule: everything as on creation, the secret kept when absent. */
export type AlertRuleUpdate = Omit<AlertRuleInput, 'secret'> & { secret?: string };

/** A rule as the console API shows it (its secret never leaves the server). */
export interface AlertRule extends AlertConditions {
  id: number;
  name: string;
  kind: AlertKind;
  webhookUrl: string;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

/** Where a delivery stands: waiting for its (next) attempt, done, or given up. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One POST to the receiver: its HTTP status (0 when none came) or why it failed. */
export interface AlertAttempt {
  at: number;
  status: number;
  error: string | null;
  durationMs: number;
}

/** One alert and its delivery, as the Alerts view's history lists it. */
export interface AlertDelivery {
  id: number;
  ruleId: number;
  ruleName: string;
  kind: AlertKind | 'test';
  /** What fired: `group:<groupId>` or `page:<vertical>/<pageId>/<subPageId>:<metric>`. */
  subject: string;
  summary: string;
  status: DeliveryStatus;
  createdAt: number;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
  /** Oldest first. */
  attempts: AlertAttempt[];
}

/** The group an alert is about, as the webhook body carries it. */
export interface AlertGroup {
  groupId: string;
  product: string;
  level: number;
  message: string;
  fileName: string | null;
  count: number;
  firstSeen: number;
  lastSeen: number;
  /** The release it occurred (new group) or came back (regression) in. */
  release: string | null;
  /** group-rate: occurrences in the minute that crossed the threshold. */
  perMinute?: number;
}

/** The page an alert is about, as the webhook body carries it. */
export interface AlertPage {
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  metric: MetricName;
  p75: number;
  threshold: number;
  samples: number;
  windowMinutes: number;
  /** What most explains the slow metric (alerts/topOffender.ts); null without attribution. */
  topOffender?: TopOffender | null;
}

/** The JSON body POSTed to a rule's webhook, signed as docs/alerts.md says. */
export interface AlertPayload {
  /** The delivery id: the same on every retry, so a receiver can drop repeats. */
  id: number;
  kind: AlertKind | 'test';
  rule: { id: number; name: string };
  summary: string;
  firedAt: number;
  group?: AlertGroup;
  page?: AlertPage;
}

/** `GET /console/api/alerts/rules`. */
export interface AlertRuleList {
  rules: AlertRule[];
}

/** `GET /console/api/alerts/deliveries`: newest first. */
export interface AlertDeliveryList {
  deliveries: AlertDelivery[];
}
