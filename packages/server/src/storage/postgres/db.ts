import pg from 'pg';

/** A pool or one of its clients: anything a statement can run on. */
export type Queryable = pg.Pool | pg.PoolClient;

// 40P01 deadlock_detected, 40001 serialization_failure: PostgreSQL rolled the whole transaction
// back, so running it again from the start is safe and is what the server's own docs advise.
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * A pool whose connections read int8 (counts, epoch milliseconds) and numeric as JS numbers.
 * The parsers are the pool's own (`types`), so other users of `pg` in the process keep theirs.
 * Every value this store keeps in such columns is far below 2^53.
 */
export function createPool(url: string, poolSize = 10): pg.Pool {
  const numeric = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      numeric.has(oid) && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle client losing its connection (a PostgreSQL restart) emits 'error' on the pool; without
  // a listener that would crash the process. The pool drops the client and makes a new one on demand.
  pool.on('error', () => {});
  return pool;
}

const listened = new WeakSet<pg.PoolClient>();

/**
 * A client of the pool for several statements. A checked-out client whose connection breaks (a
 * PostgreSQL restart) emits 'error' on itself, not on the pool, and an 'error' nobody listens to
 * ends the process. The statement under way rejects anyway, so a listener that only absorbs the
 * event is enough; it is added once per client, which the pool reuses.
 */
export async function connectClient(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  if (!listened.has(client)) {
    client.on('error', () => {});
    listened.add(client);
  }
  return client;
}

/**
 * Runs `fn` between BEGIN and COMMIT on one client (ROLLBACK if it throws). A transaction that
 * PostgreSQL aborted as a deadlock or serialization victim is run again, so `fn` must do nothing
 * but its statements on `client`.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await connectClient(pool);
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      const broken = await client.query('ROLLBACK').then(() => false, () => true);
      // A client whose connection failed is destroyed rather than handed to the next caller.
      client.release(broken ? (error as Error) : undefined);
      if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/** The rows of a statement, typed by the caller (the SQL's column list is the contract). */
export async function queryRows<Row extends object>(db: Queryable, sql: string, params: unknown[] = []): Promise<Row[]> {
  const result = await db.query<Row>(sql, params);
  return result.rows;
}

/** The first row of a statement, or undefined. */
export async function queryRow<Row extends object>(db: Queryable, sql: string, params: unknown[] = []): Promise<Row | undefined> {
  const result = await db.query<Row>(sql, params);
  return result.rows[0];
}

/** Resolves when `SELECT 1` answers within `timeoutMs`; rejects otherwise (unreachable, pool stuck). */
export async function pingWithin(pool: pg.Pool, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`PostgreSQL did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pool.query('SELECT 1'), late]);
  } finally {
    clearTimeout(timer);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL accepts: it refuses U+0000 in text and jsonb, and unpaired surrogates in jsonb,
 * and one such character would fail a whole batch. Both become U+FFFD (SQLite stored them as they
 * came; the difference only shows in characters no page means to send).
 */
export function pgText<T extends string | null | undefined>(text: T): T {
  return (typeof text === 'string' ? text.replace(/\0/g, '\uFFFD').replace(LONE_SURROGATE, '\uFFFD') : text) as T;
}

/** A value as a JSON parameter for a jsonb column or `jsonb_to_recordset`, its strings made {@link pgText}. */
export function pgJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? pgText(inner) : inner));
}
