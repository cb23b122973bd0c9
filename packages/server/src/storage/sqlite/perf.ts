import type { Database } from 'better-sqlite3';
import type { PerfReport } from '../../perf/contract.js';
import type { PerfFilter, PerfIngest, PerfQuery } from '../../perf/ports.js';
import { createPendingRollups } from './pendingRollups.js';
import type { GroupCommit } from './groupCommit.js';
import { createSqlitePerfRollups } from './perfRollups.js';
import { perfRowOf } from '../rows/perf.js';
import { toReport } from './perfRows.js';
import type { PerfRow } from './perfRows.js';

/**
 * What the store calls: `write` inside its batch transaction, `mark`/`rewind` if that rolls back,
 * `close` once the group commit is closed (writes the rollups still pending).
 */
export interface SqlitePerf {
  write(report: PerfReport): void;
  mark(): number;
  rewind(mark: number): void;
  close(): Promise<void>;
  ingest: PerfIngest;
  query: PerfQuery;
}

/**
 * Performance reports on SQLite; statements are prepared once, here. `write` is the synchronous
 * insert that `writeBatch` runs inside its transaction; the ingest port runs it through the
 * group commit on its own. With `rollups`, each stored report is counted into sums in memory
 * once its transaction committed, and those are written about once a second (pendingRollups.ts),
 * and always before the rollups are read.
 */
export function createSqlitePerf(db: Database, writes: GroupCommit, options: { rollups: boolean }): SqlitePerf {
  const rollups = createSqlitePerfRollups(db);
  const pending = options.rollups ? createPendingRollups(db, writes, rollups.fold) : undefined;
  // A report id seen before is a retry of a stored report (migration 7): nothing to add.
  const insert = db.prepare(`
    INSERT INTO perf_reports (client_id, received_at, url, vertical, page_id, sub_page_id, page_tag, user_agent, browser,
                              nav_start, protocol, timing, lcp, cls, inp, fid, fcp, ttfb)
    VALUES (@client_id, @received_at, @url, @vertical, @page_id, @sub_page_id, @page_tag, @user_agent, @browser,
            @nav_start, @protocol, @timing, @lcp, @cls, @inp, @fid, @fcp, @ttfb)
    ON CONFLICT (client_id) DO NOTHING`);
  // Nullable parameters keep one prepared statement for every combination of filters.
  const list = db.prepare(`
    SELECT * FROM perf_reports
     WHERE received_at >= @from AND received_at < @to
       AND (@vertical IS NULL OR vertical = @vertical)
       AND (@pageId IS NULL OR page_id = @pageId)
       AND (@subPageId IS NULL OR sub_page_id = @subPageId)
       AND (@pageTag IS NULL OR page_tag = @pageTag)
       AND (@browser IS NULL OR browser = @browser)
     ORDER BY received_at DESC, id DESC
     LIMIT @limit`);

  // Stores the report unless its id was stored before (then it is a retry: nothing happens).
  const write = (report: PerfReport): void => {
    const row = perfRowOf(report);
    const { changes, lastInsertRowid } = insert.run({ ...row, timing: JSON.stringify(row.timing) });
    // Only a report really stored counts: a retry's DO NOTHING changes no row.
    if (changes === 1) pending?.add(report, Number(lastInsertRowid));
  };

  return {
    write,
    mark: () => pending?.mark() ?? 0,
    rewind: (mark) => pending?.rewind(mark),
    close: async () => pending?.close(),
    ingest: {
      insertPerfReport: (report) => writes.run(() => write(report)),
    },
    query: {
      async listPerfReports(filter: PerfFilter): Promise<PerfReport[]> {
        const rows = list.all({
          from: filter.from,
          to: filter.to,
          vertical: filter.vertical ?? null,
          pageId: filter.pageId ?? null,
          subPageId: filter.subPageId ?? null,
          pageTag: filter.pageTag ?? null,
          browser: filter.browser ?? null,
          limit: filter.limit,
        }) as PerfRow[];
        return rows.map(toReport);
      },
      async readPerfRollups(filter) {
        await pending?.settle(); // what was ingested before this read is in the rows it reads
        return rollups.read(filter);
      },
      async readPerfAttribution(filter) {
        await pending?.settle();
        return rollups.readAttribution(filter);
      },
    },
  };
}
