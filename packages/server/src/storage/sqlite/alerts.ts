import type { Database } from 'better-sqlite3';
import type { AlertStorage, DueAlertDelivery, NewAlertDelivery } from '../../alerts/ports.js';
import type { AlertAttempt, AlertConditions, AlertDelivery, AlertRule, DeliveryStatus } from '../../alerts/contract.js';
import type { RuleRow } from '../rows/alerts.js';
import { conditionsOf, DELIVERY_COLUMNS, RULE_COLUMNS, toRule } from '../rows/alerts.js';
import type { GroupCommit } from './groupCommit.js';

/** A rule row as SQLite hands it back: the flag 0/1, the conditions as JSON text. */
type StoredRuleRow = Omit<RuleRow, 'conditions' | 'enabled'> & { conditions: string; enabled: number };

const toRuleOf = (row: StoredRuleRow): AlertRule =>
  toRule({ ...row, conditions: JSON.parse(row.conditions) as AlertConditions, enabled: row.enabled === 1 });

/**
 * Alert rules, deliveries and cursors on SQLite. Writes go through the shared group commit, reads
 * straight to the connection; claims and cooled queuing are writes, so they are atomic even with
 * several instances on one file. `busyLogGroups` reads the per-minute group counts the log store
 * keeps (log_group_minutes, migration 10); its statement is prepared on first use.
 */
export function createSqliteAlerts(db: Database, writes: GroupCommit): AlertStorage {
  const listRules = db.prepare(`SELECT ${RULE_COLUMNS} FROM alert_rules ORDER BY id`);
  const getRule = db.prepare(`SELECT ${RULE_COLUMNS} FROM alert_rules WHERE id = ?`);
  const insertRule = db.prepare(`
    INSERT INTO alert_rules (name, kind, conditions, webhook_url, secret, enabled, created_at, updated_at)
    VALUES (@name, @kind, @conditions, @webhookUrl, @secret, @enabled, @at, @at) RETURNING id`).pluck();
  const updateRule = db.prepare(`
    UPDATE alert_rules
       SET name = @name, kind = @kind, conditions = @conditions, webhook_url = @webhookUrl,
           secret = coalesce(@secret, secret), enabled = @enabled, updated_at = @at
     WHERE id = @id`);
  const deleteRule = db.prepare('DELETE FROM alert_rules WHERE id = ?');
  const queue = db.prepare(`
    INSERT INTO alert_deliveries (rule_id, kind, dedupe_key, subject, summary, payload, status, next_attempt_at, created_at)
    VALUES (@ruleId, @kind, @dedupeKey, @subject, @summary, @payload, 'pending', @createdAt, @createdAt)
    ON CONFLICT (rule_id, dedupe_key) DO NOTHING RETURNING id`).pluck();
  const recentForSubject = db
    .prepare('SELECT 1 FROM alert_deliveries WHERE rule_id = ? AND subject = ? AND created_at > ? LIMIT 1')
    .pluck();
  const claim = db.prepare(`
    UPDATE alert_deliveries SET claimed_by = @owner, claimed_until = @now + @leaseMs
     WHERE id IN (SELECT id FROM alert_deliveries
                   WHERE status = 'pending' AND next_attempt_at <= @now AND (claimed_until IS NULL OR claimed_until <= @now)
                   ORDER BY next_attempt_at, id LIMIT @limit)
    RETURNING id`).pluck();
  const claimed = db.prepare(`
    SELECT d.id, d.kind, d.payload, r.webhook_url AS webhookUrl, r.secret,
           (SELECT count(*) FROM alert_attempts a WHERE a.delivery_id = d.id) AS attempts
      FROM alert_deliveries d JOIN alert_rules r ON r.id = d.rule_id
     WHERE d.id IN (SELECT value FROM json_each(?))
     ORDER BY d.next_attempt_at, d.id`);
  const nextAt = db
    .prepare(`SELECT min(max(next_attempt_at, coalesce(claimed_until, 0))) FROM alert_deliveries WHERE status = 'pending'`)
    .pluck();
  const addAttempt = db.prepare(`
    INSERT INTO alert_attempts (delivery_id, at, status, error, duration_ms) VALUES (@id, @at, @status, @error, @durationMs)`);
  const settle = db.prepare(`
    UPDATE alert_deliveries
       SET status = @status, next_attempt_at = @nextAttemptAt,
           delivered_at = CASE WHEN @status = 'delivered' THEN @at ELSE delivered_at END
     WHERE id = @id AND status = 'pending'`);
  const release = db.prepare('UPDATE alert_deliveries SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?');
  const listDeliveries = db.prepare(`
    SELECT ${DELIVERY_COLUMNS}
      FROM alert_deliveries d JOIN alert_rules r ON r.id = d.rule_id
     WHERE @ruleId IS NULL OR d.rule_id = @ruleId
     ORDER BY d.id DESC LIMIT @limit`);
  const attemptsOf = db.prepare(
    'SELECT at, status, error, duration_ms AS durationMs FROM alert_attempts WHERE delivery_id = ? ORDER BY at, rowid',
  );
  const readCursor = db.prepare('SELECT value FROM alert_cursors WHERE name = ?').pluck();
  const writeCursor = db.prepare(`
    INSERT INTO alert_cursors (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`);
  const trim = db.prepare(`DELETE FROM alert_deliveries WHERE created_at < ? AND status != 'pending'`);
  let busy: ReturnType<Database['prepare']> | undefined;

  // Each runs inside the group commit's BEGIN IMMEDIATE, which holds the file's write lock: no
  // other connection (another instance on the same file) can write between its statements.
  const queueCooled = (delivery: NewAlertDelivery & { cooldownMs: number }): number | undefined =>
    recentForSubject.get([delivery.ruleId, delivery.subject, delivery.createdAt - delivery.cooldownMs])
      ? undefined
      : (queue.get(delivery) as number | undefined);
  const claimDue = (now: number, limit: number, leaseMs: number, owner: string): DueAlertDelivery[] => {
    const ids = claim.all({ now, limit, leaseMs, owner }) as number[];
    return ids.length ? (claimed.all(JSON.stringify(ids)) as DueAlertDelivery[]) : [];
  };
  const recordAttempt = db.transaction(
    (id: number, attempt: AlertAttempt, outcome: { status: DeliveryStatus; nextAttemptAt: number | null }, owner: string) => {
      addAttempt.run({ id, ...attempt });
      settle.run({ id, at: attempt.at, ...outcome });
      release.run([id, owner]);
    },
  );

  return {
    async listAlertRules() {
      return (listRules.all() as StoredRuleRow[]).map(toRuleOf);
    },
    async getAlertRule(id) {
      const row = getRule.get(id) as StoredRuleRow | undefined;
      return row ? toRuleOf(row) : null;
    },
    async createAlertRule(input, at) {
      const row = { ...input, conditions: conditionsOf({ ...input }), enabled: input.enabled === false ? 0 : 1, at };
      const id = await writes.run(() => insertRule.get(row) as number);
      return toRuleOf(getRule.get(id) as StoredRuleRow);
    },
    async updateAlertRule(id, update, at) {
      const row = { ...update, id, secret: update.secret ?? null, conditions: conditionsOf({ ...update }), enabled: update.enabled === false ? 0 : 1, at };
      const changed = await writes.run(() => updateRule.run(row).changes);
      return changed ? toRuleOf(getRule.get(id) as StoredRuleRow) : null;
    },
    async deleteAlertRule(id) {
      return (await writes.run(() => deleteRule.run(id).changes)) > 0;
    },
    async queueAlertDelivery({ cooldownMs, ...delivery }) {
      const id = await writes.run(() =>
        cooldownMs === undefined ? (queue.get(delivery) as number | undefined) : queueCooled({ ...delivery, cooldownMs }),
      );
      return id ?? null;
    },
    async claimDueAlertDeliveries(now, limit, leaseMs, owner) {
      return writes.run(() => claimDue(now, limit, leaseMs, owner));
    },
    async nextAlertAttemptAt() {
      return (nextAt.get() as number | null) ?? null;
    },
    async recordAlertAttempt(id, attempt, outcome, owner) {
      await writes.run(() => recordAttempt(id, attempt, outcome, owner));
    },
    async listAlertDeliveries({ ruleId, limit }) {
      const rows = listDeliveries.all({ ruleId: ruleId ?? null, limit }) as Omit<AlertDelivery, 'attempts'>[];
      return rows.map((row): AlertDelivery => ({ ...row, attempts: attemptsOf.all(row.id) as AlertAttempt[] }));
    },
    async getAlertCursor(name) {
      return (readCursor.get(name) as number | undefined) ?? 0;
    },
    async setAlertCursor(name, value) {
      await writes.run(() => writeCursor.run([name, value]));
    },
    async busyLogGroups(minute, threshold) {
      busy ??= db.prepare('SELECT group_id AS groupId, count FROM log_group_minutes WHERE minute = ? AND count > ? ORDER BY count DESC, group_id');
      return busy.all([minute, threshold]) as Array<{ groupId: string; count: number }>;
    },
    async trimAlertDeliveries(before) {
      return writes.run(() => trim.run(before).changes);
    },
  };
}
