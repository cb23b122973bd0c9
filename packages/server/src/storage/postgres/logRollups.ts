import type pg from 'pg';
import type { LogRollupLevel } from '../../logs/occurrenceRollups.js';
import type { NewClientLog, OccurrenceBucket } from '../../logs/ports.js';
import { logWindowPieces, mergeBuckets, NO_RELEASE, occurrenceDeltas } from '../../logs/occurrenceRollups.js';
import { logGrid } from '../../rollups/logGrid.js';
import type { TimeGrid } from '../../rollups/timeGrid.js';
import type { Queryable } from './db.js';
import { queryRows } from './db.js';

const TABLES: Readonly<Record<LogRollupLevel, string>> = { hour: 'log_rollup_hour', day: 'log_rollup_day' };

/**
 * The occurrence rollups of client logs on PostgreSQL (migration 13). `write` runs in the log
 * writer's transaction with the messages it newly counted (the `ingest_keys` it claimed), so a
 * redelivered message never counts twice and the rollups commit with the raw rows.
 *
 * Every level is written on ingest rather than compacted from the finer one later: no compactor
 * can race a late writer on another instance, and a re-seeded past is right at once.
 */
export function createPostgresLogRollups() {
  // Only ids read back as already there are kept: those rows are committed (a statement does not
  // see rows its own data-modifying part inserts, and one write is one call per transaction),
  // while an id this transaction inserts may yet roll back. Keys are never deleted.
  const committedKeys = new Map<string, number>();
  const nameOf = (groupId: string, release: string) => `${groupId}\n${release}`;

  const keysOf = async (db: Queryable, names: readonly { groupId: string; release: string }[]): Promise<Map<string, number>> => {
    const missing = names.filter((k) => !committedKeys.has(nameOf(k.groupId, k.release)));
    const ids = new Map(names.flatMap((k) => {
      const id = committedKeys.get(nameOf(k.groupId, k.release));
      return id === undefined ? [] : [[nameOf(k.groupId, k.release), id] as const];
    }));
    if (missing.length === 0) return ids;
    missing.sort((a, b) => (a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : a.release < b.release ? -1 : a.release > b.release ? 1 : 0));
    const params = [missing.map((k) => k.groupId), missing.map((k) => k.release)];
    const rows = await queryRows<{ id: number; group_id: string; release: string; added: boolean }>(
      db,
      `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[]) AS w (group_id, release)),
       added AS (
         INSERT INTO log_rollup_keys (group_id, release)
         SELECT group_id, release FROM wanted w
          WHERE NOT EXISTS (SELECT 1 FROM log_rollup_keys k WHERE k.group_id = w.group_id AND k.release = w.release)
          ORDER BY group_id, release
         ON CONFLICT (group_id, release) DO NOTHING
         RETURNING id, group_id, release)
       SELECT id, group_id, release, true AS added FROM added
       UNION ALL
       SELECT k.id, k.group_id, k.release, false FROM log_rollup_keys k JOIN wanted USING (group_id, release)`,
      params,
    );
    for (const row of rows) {
      ids.set(nameOf(row.group_id, row.release), row.id);
      if (!row.added) committedKeys.set(nameOf(row.group_id, row.release), row.id);
    }
    // A key another transaction committed while this statement waited on it is in neither part
    // (its snapshot predates that commit): a second statement, with a newer snapshot, sees it.
    const late = missing.filter((k) => !ids.has(nameOf(k.groupId, k.release)));
    if (late.length > 0) {
      const found = await queryRows<{ id: number; group_id: string; release: string }>(
        db,
        `SELECT k.id, k.group_id, k.release FROM log_rollup_keys k
           JOIN unnest($1::text[], $2::text[]) AS w (group_id, release) USING (group_id, release)`,
        [late.map((k) => k.groupId), late.map((k) => k.release)],
      );
      for (const row of found) ids.set(nameOf(row.group_id, row.release), row.id);
    }
    return ids;
  };

  return {
    /** Adds newly counted messages to every level: one statement, one row each touched. */
    async write(db: pg.PoolClient, records: readonly NewClientLog[]): Promise<void> {
      const deltas = occurrenceDeltas(records);
      if (deltas.length === 0) return;
      const names = [...new Map(deltas.map((d) => [nameOf(d.groupId, d.release), d])).values()];
      const ids = await keysOf(db, names);
      // Rows sorted by (start, key), the hour rows wholly before the day rows (the main INSERT
      // waits for the scalar subquery over `hour`): concurrent writers on other instances lock
      // the rows they share in one order, so they wait rather than deadlock. One statement for
      // both levels, since each statement is a round trip inside the ingest transaction.
      const rows = (level: 'hour' | 'day') => {
        const sorted = deltas
          .filter((d) => d.level === level)
          .map((d) => ({ start: d.start, key: ids.get(nameOf(d.groupId, d.release)) as number, n: d.n }))
          .sort((a, b) => a.start - b.start || a.key - b.key);
        return [sorted.map((r) => r.start), sorted.map((r) => r.key), sorted.map((r) => r.n)];
      };
      await db.query(
        `WITH hour AS (
           INSERT INTO ${TABLES.hour} AS t (start, key_id, occurrences)
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])
           ON CONFLICT (start, key_id) DO UPDATE SET occurrences = t.occurrences + EXCLUDED.occurrences
           RETURNING 1)
         INSERT INTO ${TABLES.day} AS t (start, key_id, occurrences)
         SELECT * FROM unnest($4::bigint[], $5::bigint[], $6::bigint[]) WHERE (SELECT count(*) FROM hour) >= 0
         ON CONFLICT (start, key_id) DO UPDATE SET occurrences = t.occurrences + EXCLUDED.occurrences`,
        [...rows('hour'), ...rows('day')],
      );
    },
    /** Occurrences of `groupIds` per release and bucket of the window's logs grid. */
    async occurrenceBuckets(db: Queryable, groupIds: readonly string[], grid: TimeGrid, now: number): Promise<OccurrenceBucket[]> {
      if (groupIds.length === 0) return [];
      const { bucketMs } = logGrid(grid);
      const rows: OccurrenceBucket[] = [];
      // From the few groups asked for, through their keys, to their rows in the range (index on
      // key_id, start): the rows read grow with the window and the groups' releases, not the traffic.
      for (const { level, from, to } of logWindowPieces(grid, now)) {
        const found = await queryRows<{ groupId: string; release: string; start: number; count: number }>(
          db,
          `SELECT k.group_id AS "groupId", k.release, (r.start / $2) * $2 AS start, sum(r.occurrences) AS count
             FROM log_rollup_keys k JOIN ${TABLES[level]} r ON r.key_id = k.id AND r.start >= $3 AND r.start < $4
            WHERE k.group_id = ANY ($1::text[])
            GROUP BY k.id, 3`,
          [groupIds, bucketMs, from, to],
        );
        rows.push(...found.map((row) => ({ ...row, release: row.release === NO_RELEASE ? null : row.release })));
      }
      return mergeBuckets(rows);
    },
  };
}
