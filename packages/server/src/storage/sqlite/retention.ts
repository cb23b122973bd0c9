import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Statement } from 'better-sqlite3';
import { DAY_MS } from '../../rollups/timeGrid.js';
import { CONSENT_TABLES, consentRetentionDays, rollupRetentionDays } from '../retentionRules.js';
import type { StoreLogger } from '../storeLogger.js';
import type { GroupCommit } from './groupCommit.js';
import { createSweep } from './retentionSweep.js';
import type { SweepCursor } from './retentionSweep.js';

/**
 * Retention on SQLite: rows older than their table's horizon are deleted a chunk at a time, each
 * chunk a statement of its own in the group commit, so ingest writes queued meanwhile share its
 * transactions or run between them, and no one transaction holds the write lock (or grows the WAL)
 * for long. A table is purged by its time column's index only: a delete that would scan the table
 * is refused (and reported) rather than run, since each chunk would scan it again. The one table
 * kept without a time index (log_message_ids, whose index cost every ingested message) is swept
 * by its primary key instead, a bounded range per chunk, once a day (retentionSweep.ts).
 */

/**
 * A table's rows older than `cutoff` (epoch ms, by `column`) are to go. With `key`, the table has
 * no index on `column` and is swept by that primary key instead (retentionSweep.ts), once a day.
 */
export interface PurgeTarget {
  table: string;
  column: string;
  cutoff: number;
  key?: readonly string[];
}

export interface PassReport {
  /** Rows deleted and statements run, per table purged. */
  purged: Record<string, { rows: number; chunks: number }>;
  /** Tables whose purge failed this pass; the next pass tries them again. */
  failed: string[];
}

export interface SqliteRetentionOptions {
  /** Days raw rows are kept. */
  rawDays: number;
  logger: StoreLogger;
  /** Time between the end of a pass and the start of the next; 5 minutes by default. */
  everyMs?: number;
  /** Time from start to the first pass; 1 minute by default. */
  firstAfterMs?: number;
  /** Rows deleted per statement; 2,000 by default. */
  chunkRows?: number;
}

export interface SqliteRetention {
  /** Purges every table as of `now`; also what the timer runs. */
  runPass(now: number): Promise<PassReport>;
  /** No further pass or chunk; resolves once the chunk under way (if any) is done. */
  stop(): Promise<void>;
}

// Raw tables of the migrations and their time columns. Not listed, because they are bounded
// elsewhere: log_deliveries (a ring per group), log_group_minutes (issueTracking.ts),
// alert_deliveries (alerts.ts), request_counters (counters.ts).
const RAW_TABLES = [
  { table: 'perf_reports', column: 'received_at' },
  { table: 'analytics_hits', column: 'received_at' },
  { table: 'drop_counts', column: 'received_at' },
  { table: 'signal_reports', column: 'received_at' },
  { table: 'signal_fallbacks', column: 'received_at' },
  // PostgreSQL forgets ingest keys at the raw horizon too (upkeep.ts). No time index (migration 21).
  { table: 'log_message_ids', column: 'received_at', key: ['message_id', 'group_id'] },
] as const;
/** How often a table without a time index is swept: its ids live a day past the horizon at most. */
const SWEEP_EVERY_MS = DAY_MS;
/** The column every rollup table starts its primary key with (the rollup design). */
const ROLLUP_COLUMN = 'start';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The statement that deletes one chunk of a table's expired rows: (cutoff, limit). */
export function purgeChunkSql(table: string, column: string): string {
  return `DELETE FROM ${quote(table)} WHERE ${quote(column)} < ? LIMIT ?`;
}

/** What a pass at `now` purges: the raw tables, consent, and every rollup table the file has. */
export function purgeTargets(db: Database, now: number, rawDays: number): PurgeTarget[] {
  const rawCutoff = now - rawDays * DAY_MS;
  const targets: PurgeTarget[] = RAW_TABLES.map((t) => ({ ...t, cutoff: rawCutoff }));
  // Kept longer than raw rows, exactly as PostgreSQL keeps their partitions.
  const consentCutoff = now - consentRetentionDays(rawDays) * DAY_MS;
  for (const table of CONSENT_TABLES) targets.push({ table, column: 'created_at', cutoff: consentCutoff });
  // Read at every pass: rollup tables come with later migrations, and are purged by their name.
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  for (const table of names) {
    const days = rollupRetentionDays(table);
    if (days !== undefined) targets.push({ table, column: ROLLUP_COLUMN, cutoff: now - days * DAY_MS });
  }
  return targets;
}

/** Starts purging on a timer (unref'd: it never keeps the process alive). */
export function startSqliteRetention(db: Database, writes: GroupCommit, options: SqliteRetentionOptions): SqliteRetention {
  const { rawDays, logger, everyMs = 5 * 60_000, firstAfterMs = 60_000, chunkRows = 2_000 } = options;
  const statements = new Map<string, Statement>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> | undefined;

  const statementFor = ({ table, column }: PurgeTarget): Statement => {
    const sql = purgeChunkSql(table, column);
    let statement = statements.get(sql);
    if (!statement) {
      const scans = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(0, 1) as Array<{ detail: string }>).some((step) =>
        step.detail.startsWith('SCAN '),
      );
      if (scans) throw new Error(`no index on ${table} (${column}): purging it would scan the table for every chunk`);
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  // Runs `chunk` (one statement's work, through the group commit) until it says it is done.
  const inChunks = async (chunk: () => { deleted: number; done: boolean }) => {
    let rows = 0;
    let chunks = 0;
    while (!stopped) {
      let heldMs = 0;
      const { deleted, done } = await writes.run(() => {
        const started = performance.now();
        const outcome = chunk();
        heldMs = performance.now() - started;
        return outcome;
      });
      rows += deleted;
      chunks++;
      if (done) break;
      // A backlog (the first pass on an old file, a shorter RETENTION_RAW_DAYS) is many chunks in
      // a row: rest as long as the last one held the event loop, so it takes at most half of it
      // and ingest groups in between commit without a delete in them.
      await sleep(heldMs);
    }
    return { rows, chunks };
  };

  const purge = (target: PurgeTarget) => {
    const statement = statementFor(target);
    return inChunks(() => {
      const { changes } = statement.run(target.cutoff, chunkRows);
      return { deleted: changes, done: changes < chunkRows };
    });
  };

  const sweeps = new Map<string, { sweep: ReturnType<typeof createSweep>; at: number }>();
  // A whole walk of the table's key, unless the last one ended less than a day before `now`.
  const sweep = async (target: PurgeTarget & { key: readonly string[] }, now: number) => {
    const known = sweeps.get(target.table);
    if (known && now - known.at < SWEEP_EVERY_MS) return undefined;
    const entry = known ?? { sweep: createSweep(db, target.table, target.column, target.key), at: -Infinity };
    sweeps.set(target.table, entry);
    let cursor: SweepCursor = null;
    const swept = await inChunks(() => {
      const { deleted, next } = entry.sweep.chunk(cursor, target.cutoff, chunkRows);
      cursor = next;
      return { deleted, done: next === null };
    });
    if (!stopped) entry.at = now;
    return swept;
  };

  const runPass = async (now: number): Promise<PassReport> => {
    const report: PassReport = { purged: {}, failed: [] };
    for (const target of purgeTargets(db, now, rawDays)) {
      if (stopped) break;
      try {
        const purged = target.key ? await sweep({ ...target, key: target.key }, now) : await purge(target);
        if (purged) report.purged[target.table] = purged;
      } catch (error) {
        // One table's trouble (a rollup table of the wrong shape, a dropped table) is reported
        // and retried next pass; the others are still purged.
        statements.delete(purgeChunkSql(target.table, target.column));
        sweeps.delete(target.table);
        report.failed.push(target.table);
        logger.warn({ table: target.table, err: error }, 'retention: purging a table failed; it is retried next pass');
      }
    }
    return report;
  };

  const schedule = (afterMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const pass = runPass(Date.now()).catch((error: unknown) => {
        logger.warn({ err: error }, 'retention: a pass failed; it is retried next time');
      });
      current = pass;
      void pass.finally(() => schedule(everyMs));
    }, afterMs);
    timer.unref();
  };
  schedule(firstAfterMs);

  return {
    runPass(now) {
      const pass = runPass(now);
      current = pass.catch(() => {});
      return pass;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
