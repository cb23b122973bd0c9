import type pg from 'pg';
import type { AlertStorage, DueAlertDelivery } from '../../alerts/alertStorage.js';
import type { AlertConditions, AlertDelivery, AlertKind, AlertRule } from '../../alerts/contract.js';
import { inTransaction, queryRow, queryRows } from './db.js';

interface RuleRow {
  id: number;
  name: string;
  kind: AlertKind;
  conditions: AlertConditions;
  webhook_url: string;
  enabled: boolean;
  created_at: number;
  updated_at: number;
}

// Never the secret: it leaves the store only with a due delivery.
const RULE_COLUMNS = 'id, name, kind, conditions, webhook_url, enabled, created_at, updated_at';

const toRule = (row: RuleRow): AlertRule => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  webhookUrl: row.webhook_url,
  enabled: row.enabled,
  ...row.conditions,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

// Everything of a rule body that is a condition: the rest has columns of its own.
function conditionsOf(input: AlertConditions & Record<string, unknown>): string {
  const { name: _n, kind: _k, webhookUrl: _w, secret: _s, enabled: _e, ...conditions } = input;
  return JSON.stringify(conditions);
}

/**
 * Alert rules, deliveries and cursors on PostgreSQL (migration 4), mirroring the SQLite store.
 * `busyLogGroups` reads the per-minute group counts ingest keeps (`log_group_minutes`).
 */
export function createPostgresAlertStore(pool: pg.Pool): AlertStorage {
  const getRule = async (id: number) => {
    const row = await queryRow<RuleRow>(pool, `SELECT ${RULE_COLUMNS} FROM alert_rules WHERE id = $1`, [id]);
    return row ? toRule(row) : null;
  };
  return {
    async listAlertRules() {
      return (await queryRows<RuleRow>(pool, `SELECT ${RULE_COLUMNS} FROM alert_rules ORDER BY id`)).map(toRule);
    },
    getAlertRule: getRule,
    async createAlertRule(input, at) {
      const row = await queryRow<RuleRow>(
        pool,
        `INSERT INTO alert_rules (name, kind, conditions, webhook_url, secret, enabled, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${RULE_COLUMNS}`,
        [input.name, input.kind, conditionsOf({ ...input }), input.webhookUrl, input.secret, input.enabled !== false, at],
      );
      return toRule(row as RuleRow);
    },
    async updateAlertRule(id, update, at) {
      const row = await queryRow<RuleRow>(
        pool,
        `UPDATE alert_rules
            SET name = $2, kind = $3, conditions = $4, webhook_url = $5, secret = coalesce($6, secret),
                enabled = $7, updated_at = $8
          WHERE id = $1 RETURNING ${RULE_COLUMNS}`,
        [id, update.name, update.kind, conditionsOf({ ...update }), update.webhookUrl, update.secret ?? null,
          update.enabled !== false, at],
      );
      return row ? toRule(row) : null;
    },
    async deleteAlertRule(id) {
      return ((await pool.query('DELETE FROM alert_rules WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },
    async queueAlertDelivery(delivery) {
      const row = await queryRow<{ id: number }>(
        pool,
        `INSERT INTO alert_deliveries (rule_id, kind, dedupe_key, subject, summary, payload, status, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
         ON CONFLICT (rule_id, dedupe_key) DO NOTHING RETURNING id`,
        [delivery.ruleId, delivery.kind, delivery.dedupeKey, delivery.subject, delivery.summary, delivery.payload, delivery.createdAt],
      );
      return row?.id ?? null;
    },
    async lastAlertAt(ruleId, subject) {
      const row = await queryRow<{ at: number | null }>(
        pool,
        'SELECT max(created_at) AS at FROM alert_deliveries WHERE rule_id = $1 AND subject = $2',
        [ruleId, subject],
      );
      return row?.at ?? null;
    },
    async dueAlertDeliveries(now, limit) {
      return queryRows<DueAlertDelivery>(
        pool,
        `SELECT d.id, d.kind, d.payload, r.webhook_url AS "webhookUrl", r.secret,
                (SELECT count(*) FROM alert_attempts a WHERE a.delivery_id = d.id) AS attempts
           FROM alert_deliveries d JOIN alert_rules r ON r.id = d.rule_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= $1
          ORDER BY d.next_attempt_at, d.id LIMIT $2`,
        [now, limit],
      );
    },
    async nextAlertAttemptAt() {
      const row = await queryRow<{ at: number | null }>(
        pool,
        `SELECT min(next_attempt_at) AS at FROM alert_deliveries WHERE status = 'pending'`,
      );
      return row?.at ?? null;
    },
    async recordAlertAttempt(id, attempt, outcome) {
      await inTransaction(pool, async (client) => {
        await client.query('INSERT INTO alert_attempts (delivery_id, at, status, error, duration_ms) VALUES ($1, $2, $3, $4, $5)', [
          id, attempt.at, attempt.status, attempt.error, attempt.durationMs,
        ]);
        await client.query(
          `UPDATE alert_deliveries
              SET status = $2, next_attempt_at = $3,
                  delivered_at = CASE WHEN $2 = 'delivered' THEN $4 ELSE delivered_at END
            WHERE id = $1`,
          [id, outcome.status, outcome.nextAttemptAt, attempt.at],
        );
      });
    },
    async listAlertDeliveries({ ruleId, limit }) {
      // The attempts ride along as JSON, oldest first: one round trip, not one per delivery.
      return queryRows<AlertDelivery>(
        pool,
        `SELECT d.id, d.rule_id AS "ruleId", r.name AS "ruleName", d.kind, d.subject, d.summary, d.status,
                d.created_at AS "createdAt", d.delivered_at AS "deliveredAt",
                CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt",
                (SELECT coalesce(json_agg(json_build_object('at', a.at, 'status', a.status, 'error', a.error,
                                                            'durationMs', a.duration_ms) ORDER BY a.at, a.id), '[]')
                   FROM alert_attempts a WHERE a.delivery_id = d.id) AS attempts
           FROM alert_deliveries d JOIN alert_rules r ON r.id = d.rule_id
          WHERE $1::bigint IS NULL OR d.rule_id = $1
          ORDER BY d.id DESC LIMIT $2`,
        [ruleId ?? null, limit],
      );
    },
    async getAlertCursor(name) {
      const row = await queryRow<{ value: number }>(pool, 'SELECT value FROM alert_cursors WHERE name = $1', [name]);
      return row?.value ?? 0;
    },
    async setAlertCursor(name, value) {
      await pool.query(
        'INSERT INTO alert_cursors (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value',
        [name, value],
      );
    },
    async busyLogGroups(minute, threshold) {
      return queryRows<{ groupId: string; count: number }>(
        pool,
        'SELECT group_id AS "groupId", count FROM log_group_minutes WHERE minute = $1 AND count > $2 ORDER BY count DESC',
        [minute, threshold],
      );
    },
    async trimAlertDeliveries(before) {
      const result = await pool.query(`DELETE FROM alert_deliveries WHERE created_at < $1 AND status != 'pending'`, [before]);
      return result.rowCount ?? 0;
    },
  };
}
