import type { Database } from 'better-sqlite3';
import type { IssueAndReleasePorts } from '../ports.js';
import type { StatusChange } from '../../issues/contract.js';
import { createIssueTracking } from './issueTracking.js';
import { toGroupState } from '../rows/issues.js';
import type { IssueRow, ReleaseRow, StoredStackRow } from './issueRows.js';
import { ISSUE_SELECT, toIssueGroup, toReleaseSummary, toStoredStackOf } from './issueRows.js';

const RELEASE_SUMMARY = `
  SELECT r.name, r.first_seen, r.last_seen,
         coalesce((SELECT sum(count) FROM log_group_releases WHERE release = r.name), 0) AS occurrences,
         (SELECT count(*) FROM log_group_releases WHERE release = r.name) AS groups,
         (SELECT count(DISTINCT group_id) FROM log_group_events WHERE release = r.name AND kind = 'new') AS new_groups,
         (SELECT count(DISTINCT group_id) FROM log_group_events WHERE release = r.name AND kind = 'regressed') AS regressed_groups,
         (SELECT count(*) FROM release_artifacts WHERE release = r.name) AS artifacts
    FROM releases r`;

/**
 * Releases, source maps and the issue workflow on SQLite (tables of migration 10).
 * `recordOccurrence` is for the log store, which calls it inside its insert transaction for each
 * group of a batch with that group's newly counted occurrences; `query` is the
 * {@link IssueAndReleasePorts} the console and the release service use. Its few writes are operator
 * actions (a status, an upload, a resolved stack): each is its own synchronous commit.
 */
export function createSqliteReleases(db: Database): { query: IssueAndReleasePorts; recordOccurrence: ReturnType<typeof createIssueTracking> } {
  // Nullable parameters keep one prepared statement for every combination of filters.
  const listIssues = db.prepare(`${ISSUE_SELECT}
     WHERE (@level IS NULL OR i.level >= @level)
       AND (@product IS NULL OR i.product = @product)
       AND (@q IS NULL OR instr(fold(i.message), @q) > 0 OR instr(fold(coalesce(i.file_name, '')), @q) > 0)
       AND (@status IS NULL OR i.status_now = @status OR (@status = 'open' AND i.status_now IN ('unresolved', 'regressed')))
     ORDER BY i.last_seen DESC, i.group_id
     LIMIT @limit`);
  const oneIssue = db.prepare(`${ISSUE_SELECT} WHERE i.group_id = @groupId`);
  const eventIssues = db.prepare(`${ISSUE_SELECT}
     WHERE i.group_id IN (SELECT group_id FROM log_group_events WHERE release = @release AND kind = @kind)
     ORDER BY i.last_seen DESC, i.group_id LIMIT 500`);
  const listProducts = db.prepare('SELECT DISTINCT product FROM log_groups ORDER BY product').pluck();
  const readIgnored = db.prepare(`SELECT value FROM counters WHERE name = 'log_ignored'`).pluck();
  const groupReleases = db.prepare(`
    SELECT gr.release, gr.count, gr.first_seen AS firstSeen, gr.last_seen AS lastSeen
      FROM log_group_releases gr JOIN releases r ON r.name = gr.release
     WHERE gr.group_id = ? ORDER BY r.seq DESC`);
  // Newest release first; the stack of messages without a release ('') comes last.
  const groupStacks = db.prepare(`
    SELECT s.* FROM log_group_stacks s LEFT JOIN releases r ON r.name = s.release
     WHERE s.group_id = ? ORDER BY coalesce(r.seq, 0) DESC`);
  const releaseStacks = db.prepare('SELECT * FROM log_group_stacks WHERE release = ?');
  const saveResolved = db.prepare('UPDATE log_group_stacks SET resolved = ?, resolved_at = ? WHERE group_id = ? AND release = ?');
  const newestRelease = db.prepare(`
    SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
     WHERE gr.group_id = ? ORDER BY r.seq DESC LIMIT 1`).pluck();
  const writeState = db.prepare(`
    INSERT INTO log_group_state (group_id, status, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until)
    VALUES (@groupId, @status, @at, @resolvedRelease, NULL, @ignoreLeft, @ignoreUntil)
    ON CONFLICT (group_id) DO UPDATE
       SET status = excluded.status, status_changed_at = excluded.status_changed_at,
           resolved_release = excluded.resolved_release, regressed_release = NULL,
           ignore_left = excluded.ignore_left, ignore_until = excluded.ignore_until`);
  const timeline = db.prepare(`
    SELECT CAST(minute / @bucketMs AS INTEGER) * @bucketMs AS start, sum(count) AS count
      FROM log_group_minutes WHERE group_id = @groupId AND minute >= @from AND minute < @to
     GROUP BY 1 ORDER BY 1`);
  const noteRelease = db.prepare(`
    INSERT INTO releases (name, seq, first_seen, last_seen)
    VALUES (@release, (SELECT coalesce(max(seq), 0) + 1 FROM releases), @at, @at)
    ON CONFLICT (name) DO NOTHING`);
  const putArtifact = db.prepare(`
    INSERT INTO release_artifacts (release, url, map, size, uploaded_at) VALUES (@release, @url, @map, @size, @at)
    ON CONFLICT (release, url) DO UPDATE SET map = excluded.map, size = excluded.size, uploaded_at = excluded.uploaded_at`);
  const getArtifact = db.prepare('SELECT url, map, uploaded_at AS uploadedAt FROM release_artifacts WHERE release = ? AND url = ?');
  const latestArtifact = db.prepare('SELECT max(uploaded_at) FROM release_artifacts WHERE release = ?').pluck();
  const listArtifacts = db.prepare(
    'SELECT url, size, uploaded_at AS uploadedAt FROM release_artifacts WHERE release = ? ORDER BY url',
  );
  const listReleases = db.prepare(`${RELEASE_SUMMARY} ORDER BY r.seq DESC LIMIT ?`);
  const oneRelease = db.prepare(`${RELEASE_SUMMARY} WHERE r.name = ?`);
  const events = db.prepare(
    'SELECT id, kind, group_id AS groupId, release, at FROM log_group_events WHERE id > ? ORDER BY id LIMIT ?',
  );

  const saveArtifacts = db.transaction((release: string, artifacts: { url: string; map: string }[], at: number) => {
    noteRelease.run({ release, at });
    for (const { url, map } of artifacts) putArtifact.run({ release, url, map, size: Buffer.byteLength(map), at });
  });
  const applyStatus = (groupId: string, change: StatusChange, now: number): void => {
    const ignored = change.status === 'ignored';
    writeState.run({
      groupId,
      status: change.status,
      at: now,
      resolvedRelease: change.status === 'resolved' ? ((newestRelease.get(groupId) as string | undefined) ?? null) : null,
      ignoreLeft: ignored ? (change.ignoreOccurrences ?? null) : null,
      ignoreUntil: ignored && change.ignoreMinutes !== undefined ? now + change.ignoreMinutes * 60_000 : null,
    });
  };

  const query: IssueAndReleasePorts = {
    async listIssueGroups(filter, now) {
      const rows = listIssues.all({
        now,
        level: filter.level ?? null,
        product: filter.product ?? null,
        q: filter.q ? filter.q.toLowerCase() : null,
        status: filter.status ?? null,
        limit: filter.limit,
      }) as IssueRow[];
      return {
        groups: rows.map(toIssueGroup),
        products: listProducts.all() as string[],
        ignored: (readIgnored.get() as number | undefined) ?? 0,
      };
    },
    async getGroupIssue(groupId, now) {
      const row = oneIssue.get({ groupId, now }) as IssueRow | undefined;
      if (!row) return null;
      return {
        state: toGroupState(row),
        releases: groupReleases.all(groupId) as { release: string; count: number; firstSeen: number; lastSeen: number }[],
        stacks: (groupStacks.all(groupId) as StoredStackRow[]).map(toStoredStackOf),
      };
    },
    async setGroupStatus(groupId, change, now) {
      if (!oneIssue.get({ groupId, now })) return null;
      applyStatus(groupId, change, now);
      return toGroupState(oneIssue.get({ groupId, now }) as IssueRow);
    },
    async groupTimeline(groupId, window) {
      const buckets = timeline.all({ groupId, ...window }) as { start: number; count: number }[];
      return { ...window, buckets };
    },
    async saveResolvedStack(groupId, release, stack, at) {
      saveResolved.run(JSON.stringify(stack), at, groupId, release ?? '');
    },
    async listReleaseStacks(release) {
      return (releaseStacks.all(release) as StoredStackRow[]).map(toStoredStackOf);
    },
    async saveArtifacts(release, artifacts, at) {
      saveArtifacts(release, artifacts, at);
    },
    async findArtifact(release, urls) {
      for (const url of urls) {
        const row = getArtifact.get(release, url) as { url: string; map: string; uploadedAt: number } | undefined;
        if (row) return row;
      }
      return null;
    },
    async latestArtifactAt(release) {
      return (latestArtifact.get(release) as number | null) ?? null;
    },
    async listReleases(limit) {
      return (listReleases.all(limit) as ReleaseRow[]).map(toReleaseSummary);
    },
    async getRelease(release, now) {
      const row = oneRelease.get(release) as ReleaseRow | undefined;
      if (!row) return null;
      const issues = (kind: string) => (eventIssues.all({ release, kind, now }) as IssueRow[]).map(toIssueGroup);
      return {
        release: toReleaseSummary(row),
        newGroups: issues('new'),
        regressedGroups: issues('regressed'),
        artifacts: listArtifacts.all(release) as { url: string; size: number; uploadedAt: number }[],
      };
    },
    async listGroupEvents(afterId, limit) {
      return events.all(afterId, limit) as Awaited<ReturnType<IssueAndReleasePorts['listGroupEvents']>>;
    },
  };
  return { query, recordOccurrence: createIssueTracking(db) };
}
