import type { Database, Statement } from 'better-sqlite3';
import type { LogRollupLevel, OccurrenceDelta } from '../../logs/occurrenceRollups.js';
import type { NewClientLog, OccurrenceBucket } from '../../logs/ports.js';
import { logWindowPieces, mergeBuckets, NO_RELEASE, occurrenceDeltas } from '../../logs/occurrenceRollups.js';
import { logGrid } from '../../rollups/logGrid.js';
import type { TimeGrid } from '../../rollups/timeGrid.js';

/**
 * The occurrence rollups of client logs on SQLite (migration 18). `record` runs inside the log
 * store's insert transaction with one group's newly counted messages (a retried delivery never
 * gets here), which the log store gathers over a whole group transaction (logs.ts): a busy error
 * counted by 16 requests of one group is one upsert per level, not 16. The rollups commit or
 * roll back with the raw rows.
 *
 * Every level is written on ingest rather than compacted from the finer one later: no compactor
 * can race a late writer, and a re-seeded past is right at once.
 *
 * Key ids are cached, but only once known to be committed. A key this connection inserts may
 * yet roll back with its group transaction (better-sqlite3 tells no one), and SQLite could then
 * hand its id to another group: so it stays tentative, looked up on every use, until a check that
 * runs after the synchronous group transaction is over finds it stored. A key found stored
 * without this connection having inserted it was committed by another process.
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

  const committed = new Map<string, number>();
  const tentative = new Map<string, { groupId: string; release: string }>();
  let confirming: ReturnType<typeof setImmediate> | undefined;

  // Runs on a later turn of the event loop, when the transaction that inserted the keys has
  // committed or rolled back: every group commit opens and ends its transaction in one turn.
  const confirm = (): void => {
    confirming = undefined;
    if (!db.open) return;
    if (db.inTransaction) {
      confirming = setImmediate(confirm);
      return;
    }
    for (const [name, { groupId, release }] of tentative) {
      const id = findKey.get(groupId, release) as number | undefined;
      if (id !== undefined) committed.set(name, id);
    }
    tentative.clear();
  };

  const keyOf = (groupId: string, release: string): number => {
    const name = `${groupId}\n${release}`;
    const known = committed.get(name);
    if (known !== undefined) return known;
    const found = findKey.get(groupId, release) as number | undefined;
    if (found !== undefined) {
      if (!tentative.has(name)) committed.set(name, found);
      return found;
    }
    tentative.set(name, { groupId, release });
    confirming ??= setImmediate(confirm);
    return addKey.get(groupId, release) as number;
  };

  const write = (deltas: Iterable<OccurrenceDelta>): void => {
    for (const { level, start, groupId, release, n } of deltas) add[level].run(start, keyOf(groupId, release), n);
  };
  return {
    /** Adds one group's newly counted messages to every level. */
    record(records: readonly NewClientLog[]): void {
      write(occurrenceDeltas(records));
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
