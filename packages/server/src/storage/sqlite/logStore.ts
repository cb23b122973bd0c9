import type { Database } from 'better-sqlite3';
import type { LogGroupDetail, LogGroupList } from '../../logs/contract.js';
import type { ClientLogInsert, LogGroupFilter, NewClientLog } from '../types.js';
import type { GroupRow, OccurrenceRow } from './logRows.js';
import { parseStack, toLogGroup, toLogOccurrence } from './logRows.js';

/** How many occurrences a group keeps, so one noisy error cannot fill the disk. */
export const OCCURRENCES_KEPT_PER_GROUP = 200;
/** How many occurrences the console's detail view shows. */
const OCCURRENCES_SHOWN = 50;

/** The client-log half of the SQLite store; statements are prepared once, here. */
export function createSqliteLogStore(db: Database, keepPerGroup = OCCURRENCES_KEPT_PER_GROUP) {
  const insertGroup = db.prepare(`
    INSERT INTO log_groups (group_id, product, level, type, message, file_name, line_no, col_no,
                            count, first_seen, last_seen, stack)
    VALUES (@groupId, @product, @level, @type, @message, @fileName, @lineNo, @colNo,
            0, @receivedAt, @receivedAt, @stack)
    ON CONFLICT (group_id) DO NOTHING`);
  const insertOccurrence = db.prepare(`
    INSERT INTO log_occurrences (group_id, message_id, received_at, occurrences, url, user_agent,
                                 extra_args, context)
    VALUES (@groupId, @messageId, @receivedAt, @occurrences, @url, @userAgent, @extraArgs, @context)
    ON CONFLICT (group_id, message_id) DO NOTHING`);
  const countOccurrence = db.prepare(`
    UPDATE log_groups
       SET count = count + @occurrences,
           last_seen = max(last_seen, @receivedAt),
           stack = CASE WHEN @hasStack THEN @stack ELSE stack END
     WHERE group_id = @groupId`);
  const trimGroup = db.prepare(`
    DELETE FROM log_occurrences
     WHERE group_id = @groupId
       AND id <= (SELECT id FROM log_occurrences WHERE group_id = @groupId
                   ORDER BY id DESC LIMIT 1 OFFSET @keep)`);
  const addIgnored = db.prepare(`
    INSERT INTO counters (name, value) VALUES ('log_ignored', @n)
    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value`);
  const readIgnored = db.prepare(`SELECT value FROM counters WHERE name = 'log_ignored'`).pluck();
  // Nullable parameters keep one prepared statement for every combination of filters.
  const listGroups = db.prepare(`
    SELECT * FROM log_groups
     WHERE (@level IS NULL OR level >= @level)
       AND (@product IS NULL OR product = @product)
       AND (@q IS NULL OR instr(lower(message), @q) > 0 OR instr(lower(coalesce(file_name, '')), @q) > 0)
     ORDER BY last_seen DESC, group_id
     LIMIT @limit`);
  const listProducts = db.prepare('SELECT DISTINCT product FROM log_groups ORDER BY product').pluck();
  const getGroup = db.prepare('SELECT * FROM log_groups WHERE group_id = ?');
  const newestOccurrences = db.prepare(
    'SELECT * FROM log_occurrences WHERE group_id = ? ORDER BY id DESC LIMIT ?',
  );

  const storeOne = (record: NewClientLog): void => {
    const hasStack = record.stackTrace.length > 0 || record.parsedStackTrace.length > 0;
    const stack = JSON.stringify({
      stackTrace: record.stackTrace,
      parsedStackTrace: record.parsedStackTrace,
    });
    insertGroup.run({ ...pickGroup(record), stack });
    const inserted = insertOccurrence.run({
      groupId: record.groupId,
      messageId: record.messageId,
      receivedAt: record.receivedAt,
      occurrences: record.occurrences,
      url: record.url,
      userAgent: record.userAgent,
      extraArgs: JSON.stringify(record.extraArgs),
      context: JSON.stringify(record.context),
    });
    // A message id seen before is a retried delivery: counting it again would inflate the group.
    if (inserted.changes === 0) return;
    countOccurrence.run({
      groupId: record.groupId,
      occurrences: record.occurrences,
      receivedAt: record.receivedAt,
      hasStack: hasStack ? 1 : 0,
      stack,
    });
  };

  const insertBatch = db.transaction((batch: ClientLogInsert) => {
    const touched = new Set<string>();
    for (const record of batch.records) {
      storeOne(record);
      touched.add(record.groupId);
    }
    for (const groupId of touched) trimGroup.run({ groupId, keep: keepPerGroup });
    if (batch.ignored > 0) addIgnored.run({ n: batch.ignored });
  });

  return {
    insertClientLogs(batch: ClientLogInsert): void {
      insertBatch(batch);
    },
    listLogGroups(filter: LogGroupFilter): LogGroupList {
      const rows = listGroups.all({
        level: filter.level ?? null,
        product: filter.product ?? null,
        q: filter.q ? filter.q.toLowerCase() : null,
        limit: filter.limit,
      }) as GroupRow[];
      return {
        groups: rows.map(toLogGroup),
        products: listProducts.all() as string[],
        ignored: (readIgnored.get() as number | undefined) ?? 0,
      };
    },
    getLogGroup(groupId: string): LogGroupDetail | null {
      const row = getGroup.get(groupId) as GroupRow | undefined;
      if (!row) return null;
      const occurrences = newestOccurrences.all(groupId, OCCURRENCES_SHOWN) as OccurrenceRow[];
      return { group: toLogGroup(row), ...parseStack(row.stack), occurrences: occurrences.map(toLogOccurrence) };
    },
  };
}

function pickGroup(record: NewClientLog) {
  return {
    groupId: record.groupId,
    product: record.product,
    level: record.level,
    type: record.type,
    message: record.message,
    fileName: record.fileName,
    lineNo: record.lineNo,
    colNo: record.colNo,
    receivedAt: record.receivedAt,
  };
}
