import type pg from 'pg';
import type { AlertStorage, DueAlertDelivery, NewAlertDelivery } from '../../alerts/ports.js';
import type { AlertDelivery } from '../../alerts/contract.js';
import type { RuleRow } from '../rows/alerts.js';
import { conditionsOf, DELIVERY_COLUMNS, RULE_COLUMNS, toRule } from '../rows/alerts.js';
import { inTransaction, queryRow, queryRows } from './db.js';

const QUEUE = `
  INSERT INTO alert_deliveries (rule_id, kind, dedupe_key, subject, summary, payload, status, next_attempt_at, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
  ON CONFLICT (rule_id, dedupe_key) DO NOTHING RETURNING id`;
const queueParams = (d: Omit<NewAlertDelivery, 'cooldownMs'>) => [d.ruleId, d.kind, d.dedupeKey, d.subject, d.summary, d.payload, d.createdAt];

/**
 * Alert rules, deliveries and cursors on PostgreSQL (migrations 4 and 10), mirroring the SQLite
 * store. Claims, cooled queuing and the cursor are single atomic steps, since every instance runs
 * the engine on this one database.
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
    async queueAlertDelivery({ cooldownMs, ...delivery }) {
      if (cooldownMs === undefined) return ((await queryRow<{ id: number }>(pool, QUEUE, queueParams(delivery)))?.id ?? null);
      return inTransaction(pool, async (client) => {
        // The rule's row lock makes look-then-insert one step per rule: a second instance queuing
        // about the same subject waits here, then sees the first one's delivery. A deleted rule
        // has no row to lock and queues nothing.
        if (!(await queryRow(client, 'SELECT 1 FROM alert_rules WHERE id = $1 FOR NO KEY UPDATE', [delivery.ruleId]))) return null;
        const recent = await queryRow(
          client,
          'SELECT 1 FROM alert_deliveries WHERE rule_id = $1 AND subject = $2 AND created_at > $3 LIMIT 1',
          [delivery.ruleId, delivery.subject, delivery.createdAt - cooldownMs],
        );
        return recent ? null : ((await queryRow<{ id: number }>(client, QUEUE, queueParams(delivery)))?.id ?? null);
      });
    },
    async claimDueAlertDeliveries(now, limit, leaseMs, owner) {
      // SKIP LOCKED: rows another instance is claiming right now are passed over rather than
      // waited for; once it commits they are no longer due (their lease is running).
      return queryRows<DueAlertDelivery>(
        pool,
        `WITH claimed AS (
           UPDATE alert_deliveries SET claimed_by = $4, claimed_until = $1::bigint + $3::bigint
            WHERE id IN (SELECT id FROM alert_deliveries
                          WHERE status = 'pending' AND next_attempt_at <= $1
                            AND (claimed_until IS NULL OR claimed_until <= $1)
                          ORDER BY next_attempt_at, id LIMIT $2
                          FOR UPDATE SKIP LOCKED)
           RETURNING id, kind, payload, rule_id, next_attempt_at)
         SELECT c.id, c.kind, c.payload, r.webhook_url AS "webhookUrl", r.secret,
                (SELECT count(*) FROM alert_attempts a WHERE a.delivery_id = c.id) AS attempts
           FROM claimed c JOIN alert_rules r ON r.id = c.rule_id
          ORDER BY c.next_attempt_at, c.id`,
        [now, limit, leaseMs, owner],
      );
    },
    async nextAlertAttemptAt() {
      const row = await queryRow<{ at: number | null }>(
        pool,
        `SELECT min(greatest(next_attempt_at, claimed_until)) AS at FROM alert_deliveries WHERE status = 'pending'`,
      );
      return row?.at ?? null;
    },
    async recordAlertAttempt(id, attempt, outcome, owner) {
      await inTransaction(pool, async (client) => {
        await client.query('INSERT INTO alert_attempts (delivery_id, at, status, error, duration_ms) VALUES ($1, $2, $3, $4, $5)', [
          id, attempt.at, attempt.status, attempt.error, attempt.durationMs,
        ]);
        // A late attempt (its owner's lease ran out) never reopens a settled delivery, and never
        // frees the claim of the owner that took over.
        await client.query(
          `UPDATE alert_deliveries
              SET status = CASE WHEN status = 'pending' THEN $2 ELSE status END,
                  next_attempt_at = CASE WHEN status = 'pending' THEN $3 ELSE next_attempt_at END,
                  delivered_at = CASE WHEN status = 'pending' AND $2 = 'delivered' THEN $4 ELSE delivered_at END,
                  claimed_by = CASE WHEN claimed_by = $5 THEN NULL ELSE claimed_by END,
                  claimed_until = CASE WHEN claimed_by = $5 THEN NULL ELSE claimed_until END
            WHERE id = $1`,
          [id, outcome.status, outcome.nextAttemptAt, attempt.at, owner],
        );
      });
    },
    async listAlertDeliveries({ ruleId, limit }) {
      // The attempts ride along as JSON, oldest first: one round trip, not one per delivery.
      return queryRows<AlertDelivery>(
        pool,
        `SELECT ${DELIVERY_COLUMNS},
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
        `INSERT INTO alert_cursors (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = greatest(alert_cursors.value, EXCLUDED.value)`,
        [name, value],
      );
    },
    async busyLogGroups(minute, threshold) {
      return queryRows<{ groupId: string; count: number }>(
        pool,
        'SELECT group_id AS "groupId", count FROM log_group_minutes WHERE minute = $1 AND count > $2 ORDER BY count DESC, group_id COLLATE "C"',
        [minute, threshold],
      );
    },
    async trimAlertDeliveries(before) {
      const result = await pool.query(`DELETE FROM alert_deliveries WHERE created_at < $1 AND status != 'pending'`, [before]);
      return result.rowCount ?? 0;
    },
  };
}
