import type pg from 'pg';
import { rollupRetentionDays } from '../retentionRules.js';
import type { StoreLogger } from '../storeLogger.js';
import { inTransaction, queryRows } from './db.js';

/**
 * Daily partitions of the time-ordered tables. A migration creates such a table as
 * `PARTITION BY RANGE (<epoch-ms column>)` with a DEFAULT partition; this file keeps one
 * partition per UTC day from today to a few days ahead, and drops whole days once they are older
 * than the table's retention: retention is a `DROP TABLE`, not a `DELETE` that bloats and locks.
 *
 * The DEFAULT partition is a safety net: a row whose day has no partition (a clock far off, the
 * upkeep timer stalled, a partition not yet created) still lands somewhere, so an acknowledged
 * ingest never fails for want of a partition. It is normally empty; when a day's partition is
 * created while the DEFAULT holds rows of that day, they are moved into it.
 */

export const DAY_MS = 86_400_000;
/** Partitions exist for today and this many days after it. */
export const DAYS_AHEAD = 2;

export interface PartitionedTable {
  table: string;
  column: string;
}

export interface UpkeepOptions {
  now: number;
  /** Days rows are kept, by default. */
  retentionDays: number;
  /**
   * Tables kept longer (or shorter) than the default, in days. Rollup tables need no entry: their
   * names say their level, and so their retention (retentionRules.ts).
   */
  retentionOverrides?: Readonly<Record<string, number>>;
  logger?: StoreLogger;
}

export interface UpkeepReport {
  created: string[];
  dropped: string[];
  /** Tables left for the next round because their lock was not free in time. */
  skipped: string[];
  /** Tables whose upkeep failed otherwise (reported to the logger); the others were still kept up. */
  failed: string[];
}

// Creating or dropping a partition locks the parent table exclusively, and a lock request queued
// behind a long console query would hold every insert up behind it. Better to give up after a
// moment and try next round: partitions exist days ahead, and the DEFAULT catches the rest.
const LOCK_TIMEOUT = '3s';
const LOCK_NOT_AVAILABLE = '55P03';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const dayName = (table: string, dayStart: number) =>
  `${table}_p${new Date(dayStart).toISOString().slice(0, 10).replace(/-/g, '')}`;
const PARTITION_SUFFIX = /_p(\d{4})(\d{2})(\d{2})$/;

/** Every range-partitioned table of the schema and its partition column, read from the catalogue. */
export async function listPartitionedTables(pool: pg.Pool): Promise<PartitionedTable[]> {
  const rows = await queryRows<{ table: string; key: string }>(
    pool,
    `SELECT c.relname AS table, pg_get_partkeydef(c.oid) AS key
       FROM pg_partitioned_table p
       JOIN pg_class c ON c.oid = p.partrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND p.partstrat = 'r'
      ORDER BY c.relname`,
  );
  return rows.flatMap(({ table, key }) => {
    const column = /^RANGE \((\w+)\)$/.exec(key)?.[1];
    return column ? [{ table, column }] : [];
  });
}

/** Creates the partitions of today … +DAYS_AHEAD and drops the expired ones, on every partitioned table. */
export async function runPartitionUpkeep(pool: pg.Pool, options: UpkeepOptions): Promise<UpkeepReport> {
  const report: UpkeepReport = { created: [], dropped: [], skipped: [], failed: [] };
  const today = Math.floor(options.now / DAY_MS) * DAY_MS;
  for (const table of await listPartitionedTables(pool)) {
    try {
      for (let day = 0; day <= DAYS_AHEAD; day++) {
        const created = await ensureDayPartition(pool, table, today + day * DAY_MS);
        if (created) report.created.push(created);
      }
      const days = options.retentionOverrides?.[table.table] ?? rollupRetentionDays(table.table) ?? options.retentionDays;
      report.dropped.push(...(await dropExpired(pool, table, options.now - days * DAY_MS)));
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) {
        report.skipped.push(table.table);
      } else {
        report.failed.push(table.table);
        options.logger?.warn({ table: table.table, err: error }, 'partition upkeep failed for a table; it is retried next round');
      }
    }
  }
  return report;
}

/**
 * The partition of the UTC day starting at `dayStart`, created unless it exists; its name when
 * this call created it. An advisory lock per table keeps instances running upkeep together from
 * racing each other.
 */
export async function ensureDayPartition(pool: pg.Pool, { table, column }: PartitionedTable, dayStart: number): Promise<string | null> {
  const name = dayName(table, dayStart);
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`partitions:${table}`]);
    await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    const exists = await client.query('SELECT to_regclass($1) IS NOT NULL AS found', [quote(name)]);
    if (exists.rows[0].found) return null;
    const from = dayStart;
    const to = dayStart + DAY_MS;
    const strays = await client.query(
      `SELECT 1 FROM ${quote(`${table}_default`)} WHERE ${quote(column)} >= $1 AND ${quote(column)} < $2 LIMIT 1`,
      [from, to],
    );
    if (strays.rowCount === 0) {
      await client.query(`CREATE TABLE ${quote(name)} PARTITION OF ${quote(table)} FOR VALUES FROM (${from}) TO (${to})`);
      return name;
    }
    // Creating the partition would fail while the DEFAULT holds rows of its range: move them first.
    await client.query(`CREATE TABLE ${quote(name)} (LIKE ${quote(table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await client.query(
      `WITH moved AS (DELETE FROM ${quote(`${table}_default`)} WHERE ${quote(column)} >= $1 AND ${quote(column)} < $2 RETURNING *)
       INSERT INTO ${quote(name)} SELECT * FROM moved`,
      [from, to],
    );
    await client.query(`ALTER TABLE ${quote(table)} ATTACH PARTITION ${quote(name)} FOR VALUES FROM (${from}) TO (${to})`);
    return name;
  });
}

/** Drops the day partitions wholly older than `cutoff` and deletes the DEFAULT's rows older than it. */
async function dropExpired(pool: pg.Pool, { table, column }: PartitionedTable, cutoff: number): Promise<string[]> {
  const partitions = await queryRows<{ name: string }>(
    pool,
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass($1)`,
    [quote(table)],
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const day = PARTITION_SUFFIX.exec(name);
    if (!day) continue;
    const dayEnd = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) + DAY_MS;
    if (dayEnd > cutoff) continue;
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`partitions:${table}`]);
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await client.query(`DROP TABLE IF EXISTS ${quote(name)}`);
    });
    dropped.push(name);
  }
  await pool.query(`DELETE FROM ${quote(`${table}_default`)} WHERE ${quote(column)} < $1`, [cutoff]);
  return dropped;
}
