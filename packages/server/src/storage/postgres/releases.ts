import type pg from 'pg';
import type { GroupEvent, GroupReleaseCount, StatusChange } from '../../issues/contract.js';
import type { IssueAndReleasePorts } from '../ports.js';
import { inTransaction, queryRow, queryRows } from './db.js';
import type { Queryable } from './db.js';
import type { StackRow } from '../rows/issues.js';
import { toGroupState, toStoredStack } from '../rows/issues.js';
import type { IssueRow, ReleaseRow } from './issueRows.js';
import { ISSUE_SELECT, RELEASE_SUMMARY, STACK_COLUMNS, toIssueGroup } from './issueRows.js';
import { groupFilterParams, groupFilterSql, productsAndIgnored } from './logs.js';

// Serialises the numbering of group events (see listGroupEvents); any fixed number nothing else uses.
const EVENT_NUMBERING_LOCK = 7_263_512_003;

/**
 * Releases, source maps and the issue workflow on PostgreSQL (tables of migration 3), mirroring
 * the SQLite store. The bookkeeping of each occurrence is done on ingest (issueTracking.ts).
 */
export function createPostgresReleaseStore(pool: pg.Pool): IssueAndReleasePorts {
  const oneIssue = (db: Queryable, groupId: string, now: number) =>
    queryRow<IssueRow>(db, `${ISSUE_SELECT} WHERE i.group_id = $2`, [now, groupId]);

  const applyStatus = async (db: Queryable, groupId: string, change: StatusChange, now: number): Promise<void> => {
    const ignored = change.status === 'ignored';
    const newest = change.status === 'resolved'
      ? await queryRow<{ release: string }>(
          db,
          `SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
            WHERE gr.group_id = $1 ORDER BY r.seq DESC LIMIT 1`,
          [groupId],
        )
      : undefined;
    await db.query(
      `INSERT INTO log_group_state (group_id, status, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until)
       VALUES ($1, $2, $3, $4, NULL, $5, $6)
       ON CONFLICT (group_id) DO UPDATE
          SET status = EXCLUDED.status, status_changed_at = EXCLUDED.status_changed_at,
              resolved_release = EXCLUDED.resolved_release, regressed_release = NULL,
              ignore_left = EXCLUDED.ignore_left, ignore_until = EXCLUDED.ignore_until`,
      [groupId, change.status, now, newest?.release ?? null, ignored ? (change.ignoreOccurrences ?? null) : null,
        ignored && change.ignoreMinutes !== undefined ? now + change.ignoreMinutes * 60_000 : null],
    );
  };

  return {
    async listIssueGroups(filter, now) {
      const rows = await queryRows<IssueRow>(
        pool,
        `${ISSUE_SELECT}
          WHERE ${groupFilterSql('i', 2)}
            AND ($5::text IS NULL OR i.status_now = $5 OR ($5 = 'open' AND i.status_now IN ('unresolved', 'regressed')))
          ORDER BY i.last_seen DESC, i.group_id
          LIMIT $6`,
        [now, ...groupFilterParams(filter), filter.status ?? null, filter.limit],
      );
      return { groups: rows.map(toIssueGroup), ...(await productsAndIgnored(pool)) };
    },
    async getGroupIssue(groupId, now) {
      const row = await oneIssue(pool, groupId, now);
      if (!row) return null;
      const releases = await queryRows<GroupReleaseCount>(
        pool,
        `SELECT gr.release, gr.count, gr.first_seen AS "firstSeen", gr.last_seen AS "lastSeen"
           FROM log_group_releases gr JOIN releases r ON r.name = gr.release
          WHERE gr.group_id = $1 ORDER BY r.seq DESC`,
        [groupId],
      );
      // Newest release first; the stack of messages without a release ('') comes last.
      const stacks = await queryRows<StackRow>(
        pool,
        `SELECT ${STACK_COLUMNS} FROM log_group_stacks s LEFT JOIN releases r ON r.name = s.release
          WHERE s.group_id = $1 ORDER BY coalesce(r.seq, 0) DESC`,
        [groupId],
      );
      return { state: toGroupState(row), releases, stacks: stacks.map(toStoredStack) };
    },
    async setGroupStatus(groupId, change, now) {
      return inTransaction(pool, async (client) => {
        if (!(await oneIssue(client, groupId, now))) return null;
        await applyStatus(client, groupId, change, now);
        return toGroupState((await oneIssue(client, groupId, now)) as IssueRow);
      });
    },
    async groupTimeline(groupId, window) {
      const buckets = await queryRows<{ start: number; count: number }>(
        pool,
        `SELECT (minute / $2) * $2 AS start, sum(count) AS count
           FROM log_group_minutes WHERE group_id = $1 AND minute >= $3 AND minute < $4
          GROUP BY 1 ORDER BY 1`,
        [groupId, window.bucketMs, window.from, window.to],
      );
      return { ...window, buckets };
    },
    async saveResolvedStack(groupId, release, stack, at) {
      await pool.query('UPDATE log_group_stacks SET resolved = $1, resolved_at = $2 WHERE group_id = $3 AND release = $4', [
        JSON.stringify(stack), at, groupId, release ?? '',
      ]);
    },
    async listReleaseStacks(release) {
      const rows = await queryRows<StackRow>(pool, `SELECT ${STACK_COLUMNS} FROM log_group_stacks s WHERE s.release = $1`, [release]);
      return rows.map(toStoredStack);
    },
    async saveArtifacts(release, artifacts, at) {
      await inTransaction(pool, async (client) => {
        await client.query(
          `INSERT INTO releases (name, first_seen, last_seen)
           SELECT $1, $2, $2 WHERE NOT EXISTS (SELECT 1 FROM releases WHERE name = $1)
           ON CONFLICT (name) DO NOTHING`,
          [release, at],
        );
        for (const { url, map } of artifacts) {
          await client.query(
            `INSERT INTO release_artifacts (release, url, map, size, uploaded_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (release, url) DO UPDATE
                SET map = EXCLUDED.map, size = EXCLUDED.size, uploaded_at = EXCLUDED.uploaded_at`,
            [release, url, map, Buffer.byteLength(map), at],
          );
        }
      });
    },
    async findArtifact(release, urls) {
      // The first of `urls` that has a map, in the caller's order of preference.
      const row = await queryRow<{ url: string; map: string; uploadedAt: number }>(
        pool,
        `SELECT a.url, a.map, a.uploaded_at AS "uploadedAt"
           FROM unnest($2::text[]) WITH ORDINALITY AS wanted (url, n)
           JOIN release_artifacts a ON a.release = $1 AND a.url = wanted.url
          ORDER BY wanted.n LIMIT 1`,
        [release, urls],
      );
      return row ?? null;
    },
    async latestArtifactAt(release) {
      const row = await queryRow<{ at: number | null }>(pool, 'SELECT max(uploaded_at) AS at FROM release_artifacts WHERE release = $1', [release]);
      return row?.at ?? null;
    },
    async listReleases(limit) {
      return queryRows<ReleaseRow>(pool, `${RELEASE_SUMMARY} ORDER BY r.seq DESC LIMIT $1`, [limit]);
    },
    async getRelease(release, now) {
      const summary = await queryRow<ReleaseRow>(pool, `${RELEASE_SUMMARY} WHERE r.name = $1`, [release]);
      if (!summary) return null;
      const issues = async (kind: string) =>
        (await queryRows<IssueRow>(
          pool,
          `${ISSUE_SELECT}
            WHERE i.group_id IN (SELECT group_id FROM log_group_events WHERE release = $2 AND kind = $3)
            ORDER BY i.last_seen DESC, i.group_id LIMIT 500`,
          [now, release, kind],
        )).map(toIssueGroup);
      const artifacts = await queryRows<{ url: string; size: number; uploadedAt: number }>(
        pool,
        'SELECT url, size, uploaded_at AS "uploadedAt" FROM release_artifacts WHERE release = $1 ORDER BY url',
        [release],
      );
      return { release: summary, newGroups: await issues('new'), regressedGroups: await issues('regressed'), artifacts };
    },
    listGroupEvents: (afterId, limit) => listGroupEvents(pool, afterId, limit),
  };
}

/**
 * New and regressed groups after `afterId`, oldest first. Ids are handed out here rather than on
 * insert: a sequence numbers rows when they are written, and a transaction that took number 5
 * may commit after one that took 6 — a reader that had seen 6 would then never see 5. Numbering
 * only committed rows, one numbering at a time (an advisory lock held to commit), makes the ids
 * grow in the order events become visible, so a cursor never passes one. Once given, an id stays.
 */
async function listGroupEvents(pool: pg.Pool, afterId: number, limit: number): Promise<GroupEvent[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [EVENT_NUMBERING_LOCK]);
    await client.query(`
      WITH top AS (SELECT coalesce(max(id), 0) AS id FROM log_group_events),
           pending AS (SELECT row_id, row_number() OVER (ORDER BY row_id) AS n FROM log_group_events WHERE id IS NULL)
      UPDATE log_group_events e SET id = top.id + pending.n FROM top, pending WHERE e.row_id = pending.row_id`);
    return queryRows<GroupEvent>(
      client,
      'SELECT id, kind, group_id AS "groupId", release, at FROM log_group_events WHERE id > $1 ORDER BY id LIMIT $2',
      [afterId, limit],
    );
  });
}
