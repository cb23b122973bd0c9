import type pg from 'pg';
import type { LogGroup, LogGroupDetail, LogOccurrence, StackFrame } from '../../logs/contract.js';
import type { ClientLogInsert, LogIngest, LogQuery } from '../../logs/ports.js';
import { OCCURRENCES_SHOWN, RING_ROWS_PER_GROUP } from '../rows/logs.js';
import { inTransaction, queryRow, queryRows } from './db.js';
import type { Queryable } from './db.js';
import type { InsertDropReport } from './logIngest.js';
import { createLogWriter } from './logIngest.js';
import { createPostgresLogRollups } from './logRollups.js';

export type { InsertDropReport } from './logIngest.js';

/** How many occurrences a group keeps (one ring row each). */
export const OCCURRENCES_KEPT_PER_GROUP = RING_ROWS_PER_GROUP;

/**
 * The columns of a group in the contract's shape, so column names never leak into the API, and
 * `exact` (migration 2), which {@link toLogGroup} folds in.
 */
export const GROUP_COLUMNS = `group_id AS "groupId", product, level, type, message, file_name AS "fileName",
  line_no AS "lineNo", col_no AS "colNo", count, first_seen AS "firstSeen", last_seen AS "lastSeen", exact`;

/** A row of {@link GROUP_COLUMNS}. */
export type GroupRow = LogGroup & { exact: Partial<Pick<LogGroup, 'message' | 'fileName'>> | null };

/** The group as the contract has it, its free text as sent. */
export function toLogGroup({ exact, ...group }: GroupRow): LogGroup {
  return exact ? { ...group, ...exact } : group;
}

/**
 * The console's group filters as SQL over a `log_groups` row aliased `alias`, from parameter
 * `$first` on (level, product, lower-cased text): a null parameter is no filter, so one statement
 * serves every combination.
 */
export function groupFilterSql(alias: string, first: number): string {
  const [level, product, q] = [first, first + 1, first + 2].map((n) => `$${n}`);
  return `(${level}::int IS NULL OR ${alias}.level >= ${level})
      AND (${product}::text IS NULL OR ${alias}.product = ${product})
      AND (${q}::text IS NULL OR strpos(lower(${alias}.message), ${q}) > 0
           OR strpos(lower(coalesce(${alias}.file_name, '')), ${q}) > 0)`;
}

/** The values of {@link groupFilterSql}'s parameters. */
export const groupFilterParams = (filter: { level?: number; product?: string; q?: string }) => [
  filter.level ?? null,
  filter.product ?? null,
  filter.q ? filter.q.toLowerCase() : null,
];

/** Every product seen (for the console's filter) and the total of messages dropped by rules. */
export async function productsAndIgnored(db: Queryable): Promise<{ products: string[]; ignored: number }> {
  const products = await queryRows<{ product: string }>(db, 'SELECT DISTINCT product FROM log_groups ORDER BY product');
  const ignored = await queryRow<{ total: number | null }>(db, 'SELECT sum(value) AS total FROM log_ignored');
  return { products: products.map((row) => row.product), ignored: ignored?.total ?? 0 };
}

/** What {@link createPostgresLogPorts} gives the store. */
export interface PostgresLogPorts {
  ingest: LogIngest;
  query: LogQuery;
  /** Stores batches on `client` within the caller's transaction (`writeBatch`). */
  writeLogBatches(client: pg.PoolClient, batches: readonly ClientLogInsert[]): Promise<void>;
}

/**
 * Client logs on PostgreSQL: the same groups, ring of occurrences per group, idempotency and
 * workflow bookkeeping as the SQLite store. A batch's drop report is stored by the drops adapter
 * (`insertDropReport`) in the batch's transaction.
 */
export function createPostgresLogPorts(
  pool: pg.Pool,
  options: { occurrencesPerGroup?: number; insertDropReport: InsertDropReport; rollups?: boolean },
): PostgresLogPorts {
  const rollups = createPostgresLogRollups();
  const writeLogBatches = createLogWriter({
    keepPerGroup: options.occurrencesPerGroup ?? OCCURRENCES_KEPT_PER_GROUP,
    insertDropReport: options.insertDropReport,
    writeRollups: options.rollups === false ? undefined : rollups.write,
  });
  return {
    writeLogBatches,
    ingest: {
      insertClientLogs: (batch) => inTransaction(pool, (client) => writeLogBatches(client, [batch])),
    },
    query: {
      async listLogGroups(filter) {
        const rows = await queryRows<GroupRow>(
          pool,
          `SELECT ${GROUP_COLUMNS} FROM log_groups g WHERE ${groupFilterSql('g', 1)}
            ORDER BY last_seen DESC, group_id LIMIT $4`,
          [...groupFilterParams(filter), filter.limit],
        );
        return { groups: rows.map(toLogGroup), ...(await productsAndIgnored(pool)) };
      },
      async getLogGroup(groupId): Promise<LogGroupDetail | null> {
        const row = await queryRow<GroupRow & { stack: Partial<StoredStack> }>(
          pool,
          `SELECT ${GROUP_COLUMNS}, stack FROM log_groups WHERE group_id = $1`,
          [groupId],
        );
        if (!row) return null;
        const { stack, ...group } = row;
        const occurrences = await queryRows<LogOccurrence>(
          pool,
          `SELECT message_id AS id, received_at AS "receivedAt", occurrences, url, user_agent AS "userAgent",
                  extra_args AS "extraArgs", context
             FROM log_occurrences WHERE group_id = $1 ORDER BY seq DESC LIMIT $2`,
          [groupId, OCCURRENCES_SHOWN],
        );
        return { group: toLogGroup(group), stackTrace: stack.stackTrace ?? [], parsedStackTrace: stack.parsedStackTrace ?? [], occurrences };
      },
      occurrenceBuckets: (groupIds, grid, now) => rollups.occurrenceBuckets(pool, groupIds, grid, now),
    },
  };
}

/** The JSON kept in `log_groups.stack`: the newest non-empty stack seen for the group. */
interface StoredStack {
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
}
