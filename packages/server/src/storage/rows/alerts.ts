import type { AlertConditions, AlertKind, AlertRule } from '../../alerts/contract.js';

// Never the secret: it leaves the store only with a due delivery.
export const RULE_COLUMNS = 'id, name, kind, conditions, webhook_url, enabled, created_at, updated_at';

/** An `alert_rules` row of {@link RULE_COLUMNS}, its conditions and flag decoded. */
export interface RuleRow {
  id: number;
  name: string;
  kind: AlertKind;
  conditions: AlertConditions;
  webhook_url: string;
  enabled: boolean;
  created_at: number;
  updated_at: number;
}

export const toRule = (row: RuleRow): AlertRule => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  webhookUrl: row.webhook_url,
  enabled: row.enabled,
  ...row.conditions,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Everything of a rule body that is a condition, as the JSON column keeps it: the rest has columns of its own. */
export function conditionsOf(input: AlertConditions & Record<string, unknown>): string {
  const { name: _n, kind: _k, webhookUrl: _w, secret: _s, enabled: _e, ...conditions } = input;
  return JSON.stringify(conditions);
}

/**
 * A delivery of the console's history in the contract's names (`d` the delivery, `r` its rule),
 * its attempts apart; the next attempt only while it is pending.
 */
export const DELIVERY_COLUMNS = `d.id, d.rule_id AS "ruleId", r.name AS "ruleName", d.kind, d.subject, d.summary, d.status,
  d.created_at AS "createdAt", d.delivered_at AS "deliveredAt",
  CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt"`;
