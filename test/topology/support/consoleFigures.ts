import type pg from 'pg';

/** The figures of one load run that the console shows and the tables hold, to compare. */
export interface RunFigures {
  pageViews: number;
  events: number;
  perfReports: number;
  /**
   * Occurrences per log group of the run (`product:groupId` → count). The console lists at most
   * CONSOLE_GROUPS_LISTED groups (the most recent), the tables all of them.
   */
  logGroups: Record<string, number>;
}

/** The most groups one console request lists. */
export const CONSOLE_GROUPS_LISTED = 500;

/** The console's view of the run tagged `runTag`, through its API (with the token). */
export async function consoleFigures(baseUrl: string, token: string, runTag: string, window: { from: number; to: number }): Promise<RunFigures> {
  const get = async <T>(path: string): Promise<T> => {
    const reply = await fetch(`${baseUrl}/console/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!reply.ok) throw new Error(`console API ${path}: ${reply.status} ${await reply.text()}`);
    return (await reply.json()) as T;
  };
  const range = `from=${window.from}&to=${window.to}`;
  const analytics = await get<{ totals: { pageViews: number; events: number } }>(`/analytics/summary?vertical=${runTag}&${range}`);
  const vitals = await get<{ count: number }>(`/vitals/summary?vertical=${runTag}&${range}`);
  const logs = await get<{ groups: { groupId: string; count: number }[] }>(`/logs/groups?product=${runTag}&limit=${CONSOLE_GROUPS_LISTED}`);
  return {
    pageViews: analytics.totals.pageViews,
    events: analytics.totals.events,
    perfReports: vitals.count,
    logGroups: Object.fromEntries(logs.groups.map((group) => [group.groupId, group.count])),
  };
}

/** The same figures counted from the raw rows. */
export async function tableFigures(client: pg.Pool, runTag: string): Promise<RunFigures> {
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql, [runTag])).rows[0]?.n ?? 0);
  const { rows } = await client.query<{ group_id: string; n: string }>(
    `SELECT group_id, sum(occurrences) AS n FROM log_occurrences WHERE group_id LIKE $1 || ':%' GROUP BY group_id`,
    [runTag],
  );
  return {
    pageViews: await count("SELECT count(*) AS n FROM analytics_hits WHERE vertical = $1 AND type = 'pageview'"),
    events: await count("SELECT count(*) AS n FROM analytics_hits WHERE vertical = $1 AND type = 'event'"),
    perfReports: await count('SELECT count(*) AS n FROM perf_reports WHERE vertical = $1'),
    logGroups: Object.fromEntries(rows.map((row) => [row.group_id, Number(row.n)])),
  };
}
