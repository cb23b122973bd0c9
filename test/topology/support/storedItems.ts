import pg from 'pg';
import type { ItemKind } from './payloads.js';

/** How often each client id of a run is stored, per item kind, read straight from the tables. */
export type StoredCounts = Record<ItemKind, Map<string, number>>;

// The load run is told apart by its tag: perf reports and analytics hits carry it as their
// vertical, log messages as their product (the group id's prefix). (The demo's own perf report
// has the tag as its page tag, the instances' R9_VERSION, but its vertical is the demo's.)
const QUERIES: Record<ItemKind, string> = {
  perf: 'SELECT client_id AS id, count(*)::int AS n FROM perf_reports WHERE vertical = $1 GROUP BY client_id',
  hit: 'SELECT client_id AS id, count(*)::int AS n FROM analytics_hits WHERE vertical = $1 GROUP BY client_id',
  log: "SELECT message_id AS id, count(*)::int AS n FROM log_occurrences WHERE group_id LIKE $1 || ':%' GROUP BY message_id",
};

/**
 * A small pool on the topology's PostgreSQL; the caller ends it. A pool, not one client: the
 * fault run restarts PostgreSQL under it, and a pool replaces the connections that broke.
 */
export function connectTables(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection cut by the restart is reported here; the pool drops it and moves on.
  pool.on('error', () => {});
  return pool;
}

/** Counts the stored items of the run tagged `tag`, by client id. */
export async function storedCounts(client: pg.Pool, tag: string): Promise<StoredCounts> {
  const counts = {} as StoredCounts;
  for (const kind of Object.keys(QUERIES) as ItemKind[]) {
    const { rows } = await client.query<{ id: string | null; n: number }>(QUERIES[kind], [tag]);
    counts[kind] = new Map(rows.map((row) => [row.id ?? '(no id)', row.n]));
  }
  return counts;
}

/** The run's log groups as the table keeps them: group id → count of occurrences. */
export async function storedGroupCounts(client: pg.Pool, product: string): Promise<Map<string, number>> {
  const { rows } = await client.query<{ group_id: string; count: string | number }>(
    'SELECT group_id, count FROM log_groups WHERE product = $1',
    [product],
  );
  return new Map(rows.map((row) => [row.group_id, Number(row.count)]));
}

/** What one browser visit left in the tables: rows received since `since`. */
export interface VisitRows {
  consentChoices: number;
  uncaughtErrors: number;
  perfReports: number;
  signalReports: number;
  analyticsHits: number;
  /** How many of the hit ids the page produced are stored exactly once. */
  hitIdsStoredOnce: number;
  /** Log messages stored more than once under one message id. */
  doubledLogs: number;
}

/**
 * Counts the rows a demo visit made: perf reports by the run's page tag, analytics hits by the
 * ids the page produced, the rest by time (nothing else reaches the instances meanwhile).
 */
export async function visitRows(client: pg.Pool, since: number, runTag: string, hitIds: string[]): Promise<VisitRows> {
  const one = async (sql: string, params: unknown[] = [since]) => Number((await client.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
  return {
    consentChoices: await one('SELECT count(*) AS n FROM consent_choices WHERE created_at >= $1'),
    uncaughtErrors: await one(
      `SELECT count(*) AS n FROM log_occurrences o JOIN log_groups g ON g.group_id = o.group_id
        WHERE o.received_at >= $1 AND g.product = 'demo' AND g.type = 'uncaught'`,
    ),
    perfReports: await one('SELECT count(*) AS n FROM perf_reports WHERE received_at >= $1 AND page_tag = $2', [since, runTag]),
    signalReports: await one('SELECT count(*) AS n FROM signal_reports WHERE received_at >= $1'),
    analyticsHits: await one('SELECT count(*) AS n FROM analytics_hits WHERE received_at >= $1'),
    hitIdsStoredOnce: await one(
      'SELECT count(*) AS n FROM (SELECT client_id FROM analytics_hits WHERE client_id = ANY($1) GROUP BY client_id HAVING count(*) = 1) once',
      [hitIds],
    ),
    doubledLogs: await one('SELECT count(*) AS n FROM (SELECT message_id FROM log_occurrences WHERE received_at >= $1 GROUP BY group_id, message_id HAVING count(*) > 1) d'),
  };
}
