import type { Database, Statement } from 'better-sqlite3';

/** Where a sweep goes on from: the last primary key it walked past (null before the first chunk). */
export type SweepCursor = unknown[] | null;

/** What one chunk of a sweep did. */
export interface SweepChunk {
  deleted: number;
  /** Where the next chunk starts; null once the sweep has walked past the table's last key. */
  next: SweepCursor;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Purging a table that has no index on its time column (log_message_ids: such an index cost every
 * ingested message a second B-tree insert), by walking its primary key `key` a chunk of
 * `limit` keys at a time and deleting, within each chunk, the rows older than the cutoff. Each
 * chunk reads at most `limit` keys past its cursor (a range of the primary key, or the table's
 * first `limit` rows), so no statement walks the whole table; a whole sweep reads every row once,
 * which is why retention runs it once a day rather than every pass.
 */
export function createSweep(db: Database, table: string, column: string, key: readonly string[]) {
  const cols = key.map(quote).join(', ');
  const marks = key.map(() => '?').join(', ');
  const after = `(${cols}) > (${marks})`;
  const upTo = `(${cols}) <= (${marks})`;
  const t = quote(table);
  const lastKey = (from: boolean): Statement =>
    db.prepare(`SELECT ${cols} FROM ${t} ${from ? `WHERE ${after}` : ''} ORDER BY ${cols} LIMIT 1 OFFSET ?`).raw();
  const remove = (from: boolean, to: boolean): Statement =>
    db.prepare(
      `DELETE FROM ${t} WHERE ${[from ? after : '', to ? upTo : '', `${quote(column)} < ?`].filter(Boolean).join(' AND ')}`,
    );
  const lastKeys = { first: lastKey(false), after: lastKey(true) };
  // The range of a chunk: the whole (small) table, up to a key, from a key, or between two.
  const removes = { whole: remove(false, false), head: remove(false, true), tail: remove(true, false), middle: remove(true, true) };

  return {
    /** Deletes the expired rows among the `limit` keys after `cursor`. */
    chunk(cursor: SweepCursor, cutoff: number, limit: number): SweepChunk {
      const end = (cursor ? lastKeys.after.get(...cursor, limit - 1) : lastKeys.first.get(limit - 1)) as unknown[] | undefined;
      const statement = cursor ? (end ? removes.middle : removes.tail) : end ? removes.head : removes.whole;
      const { changes } = statement.run(...(cursor ?? []), ...(end ?? []), cutoff);
      return { deleted: changes, next: end ?? null };
    },
    /**
     * The query plans of the statements a chunk past the first runs (a test checks that each reads
     * a range of the primary key): every chunk of a large table but its first and last few rows.
     */
    plans(): string[][] {
      return [lastKeys.after, removes.middle, removes.tail].map((statement) => {
        const marks = statement.source.split('?').length - 1;
        const steps = db.prepare(`EXPLAIN QUERY PLAN ${statement.source}`).all(...Array<number>(marks).fill(0)) as Array<{ detail: string }>;
        return steps.map((step) => step.detail);
      });
    },
  };
}
