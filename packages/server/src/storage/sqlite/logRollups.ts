import type { Database, Statement } from 'better-sqlite3';
import type { NewClientLog } from '../../logs/ports.js';
import type { LogRollupLevel, OccurrenceBucket } from '../../logs/occurrenceRollups.js';
import { logGrid, logWindowPieces, mergeBuckets, NO_RELEASE, occurrenceDeltas } from '../../logs/occurrenceRollups.js';
import type { TimeGrid } from '../../rollups/timeGrid.js';

/**
 * The occurrence rollups of client logs on SQLite (migration 18). `record` runs inside the log
 * store's insert transaction with one group's newly counted messages of a batch (a retried
 * delivery never gets here), so the rollups commit or roll back with the raw rows.
 *
 * Every level is written on ingest rather than compacted from the finer one later: no compactor
 * can race a late writer, and a re-seeded past is right at once.
 *
 * Keys are looked up per write rather than cached: a key inserted by a write whose group
 * transaction then rolls back would leave a cached id that no row holds (and SQLite could hand the
 * same id to another group), and better-sqlite3 tells no one about a rollback. The lookup is one
 * probe of a small unique index.
 */
export function createSqliteLogRollups(db: Database) {
  const findKey = db.prepare('SELECT id FROM log_rollup_keys WHERE group_id = ? AND release = ?').pluck();
  const addKey = db.prepare('INSERT INTO log_rollup_keys (group_id, release) VALUES (?, ?) RETURNING id').pluck();
  const upsert = (table: string) =>
    db.prepare(`INSERT INTO ${table} (start, key_id, occurrences) VALUES (?, ?, ?)
                ON CONFLICT (start, key_id) DO UPDATE SET occurrences = occurrences + excluded.occurrences`);
  const add: Record<LogRollupLevel, Statement> = { hour: upsert('log_rollup_hour'), day: upsert('log_rollup_day') };
  // From the few groups asked for, through their keys, to their rows in the range (index on
  // key_id, start): the rows read grow with the window and the groups' releases, not the traffic.
  const select = (table: string) =>
    db.prepare(`
      SELECT k.group_id AS groupId, k.release, CAST(r.start / @bucketMs AS INTEGER) * @bucketMs AS start, sum(r.occurrences) AS count
        FROM json_each(@groups) g
        JOIN log_rollup_keys k ON k.group_id = g.value
        JOIN ${table} r ON r.key_id = k.id AND r.start >= @from AND r.start < @to
       GROUP BY k.id, 3`);
  const read: Record<LogRollupLevel, Statement> = { hour: select('log_rollup_hour'), day: select('log_rollup_day') };

  const keyOf = (groupId: string, release: string): number =>
    (findKey.get(groupId, release) as number | undefined) ?? (addKey.get(groupId, release) as number);

  return {
    /** Adds one group's newly counted messages of a batch to every level: one upsert per row touched. */
    record(records: readonly NewClientLog[]): void {
      const keys = new Map<string, number>();
      for (const { level, start, groupId, release, n } of occurrenceDeltas(records)) {
        const name = `${groupId}\n${release}`;
        let key = keys.get(name);
        if (key === undefined) keys.set(name, (key = keyOf(groupId, release)));
        add[level].run(start, key, n);
      }
    },
    /** Occurrences of `groupIds` per release and bucket of the window's logs grid. */
    async occurrenceBuckets(groupIds: readonly string[], grid: TimeGrid, now: number): Promise<OccurrenceBucket[]> {
      if (groupIds.length === 0) return [];
      const { bucketMs } = logGrid(grid);
      const groups = JSON.stringify(groupIds);
      const rows = logWindowPieces(grid, now).flatMap(({ level, from, to }) =>
        read[level].all({ groups, bucketMs, from, to }) as { groupId: string; release: string; start: number; count: number }[],
      );
      return mergeBuckets(rows.map((row) => ({ ...row, release: row.release === NO_RELEASE ? null : row.release })));
    },
  };
}
