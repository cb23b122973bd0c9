import type { Database } from 'better-sqlite3';
import { releaseOf } from '../../logs/releaseContract.js';
import type { NewClientLog } from '../../logs/ports.js';

const MINUTE = 60_000;
/** Per-minute counts older than this are dropped; the chart's longest window is 90 days. */
const MINUTES_KEPT_MS = 90 * 24 * 60 * MINUTE;

interface StateRow {
  status: string;
  resolved_release: string | null;
  ignore_left: number | null;
  ignore_until: number | null;
}

/**
 * The release and workflow bookkeeping of one counted occurrence, run by the log store inside
 * the transaction that stores it (a retried delivery never gets here): the release and its
 * per-group count, the minute count, the group's first stack of that release, and the state
 * machine — a group seen for the first time is `new`, a resolved group occurring in a newer
 * release is `regressed`, an ignored group whose time or count is up is unresolved again.
 */
export function createIssueTracking(db: Database) {
  const upsertRelease = db.prepare(`
    INSERT INTO releases (name, seq, first_seen, last_seen)
    VALUES (@release, (SELECT coalesce(max(seq), 0) + 1 FROM releases), @at, @at)
    ON CONFLICT (name) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen)`);
  const countRelease = db.prepare(`
    INSERT INTO log_group_releases (group_id, release, count, first_seen, last_seen)
    VALUES (@groupId, @release, @n, @at, @at)
    ON CONFLICT (group_id, release) DO UPDATE
       SET count = count + excluded.count, last_seen = max(last_seen, excluded.last_seen)`);
  const countMinute = db.prepare(`
    INSERT INTO log_group_minutes (group_id, minute, count) VALUES (@groupId, @minute, @n)
    ON CONFLICT (group_id, minute) DO UPDATE SET count = count + excluded.count`);
  const trimMinutes = db.prepare('DELETE FROM log_group_minutes WHERE minute < ?');
  const keepStack = db.prepare(`
    INSERT INTO log_group_stacks (group_id, release, stack) VALUES (@groupId, @release, @stack)
    ON CONFLICT (group_id, release) DO NOTHING`);
  const readState = db.prepare(
    'SELECT status, resolved_release, ignore_left, ignore_until FROM log_group_state WHERE group_id = ?',
  );
  const createState = db.prepare(`INSERT INTO log_group_state (group_id, status) VALUES (?, 'unresolved')`);
  const setState = db.prepare(`
    UPDATE log_group_state
       SET status = @status, status_changed_at = @at, regressed_release = @regressedRelease,
           ignore_left = NULL, ignore_until = NULL
     WHERE group_id = @groupId`);
  const setIgnoreLeft = db.prepare('UPDATE log_group_state SET ignore_left = ? WHERE group_id = ?');
  const addEvent = db.prepare('INSERT INTO log_group_events (kind, group_id, release, at) VALUES (?, ?, ?, ?)');
  const releaseSeq = db.prepare('SELECT seq FROM releases WHERE name = ?').pluck();

  // A plain resolve (no release known then) regresses on any occurrence; a resolve in a release
  // regresses only on a newer one, so old pages still open in browsers do not reopen a fix.
  const regresses = (resolvedIn: string | null, release: string | null): boolean => {
    if (resolvedIn === null) return true;
    if (release === null) return false;
    return (releaseSeq.get(release) as number) > ((releaseSeq.get(resolvedIn) as number | undefined) ?? 0);
  };

  let trimmedAt = 0;

  // One release and minute of one group's batch: every occurrence in it counts in one write.
  interface Share {
    release: string | null;
    minute: number;
    n: number;
    at: number;
    stack?: NewClientLog['parsedStackTrace'];
  }

  const record = (groupId: string, { release, minute, n, at, stack }: Share): void => {
    if (release !== null) {
      upsertRelease.run({ release, at });
      countRelease.run({ groupId, release, n, at });
    }
    countMinute.run({ groupId, minute, n });
    if (minute - trimmedAt >= 60 * MINUTE) {
      trimMinutes.run(minute - MINUTES_KEPT_MS);
      trimmedAt = minute;
    }
    if (stack) keepStack.run({ groupId, release: release ?? '', stack: JSON.stringify(stack) });

    const state = readState.get(groupId) as StateRow | undefined;
    if (!state) {
      createState.run(groupId);
      addEvent.run('new', groupId, release, at);
      return;
    }
    const change = (status: string, regressedRelease: string | null = null) =>
      setState.run({ groupId, status, at, regressedRelease });
    if (state.status === 'resolved' && regresses(state.resolved_release, release)) {
      change('regressed', release);
      addEvent.run('regressed', groupId, release, at);
    } else if (state.status === 'ignored') {
      if (state.ignore_until !== null && state.ignore_until <= at) change('unresolved');
      else if (state.ignore_left !== null) {
        if (state.ignore_left - n <= 0) change('unresolved');
        else setIgnoreLeft.run(state.ignore_left - n, groupId);
      }
    }
  };

  /**
   * Counts the new occurrences of ONE group in one batch. They are summed per release and minute
   * first: a page sends the same error many times in a batch, and a dozen statements per message
   * made this bookkeeping the largest cost of ingest.
   */
  return function recordOccurrences(records: NewClientLog[]): void {
    const shares = new Map<string, Share>();
    for (const { context, occurrences, receivedAt, parsedStackTrace } of records) {
      const release = releaseOf(context);
      const minute = Math.floor(receivedAt / MINUTE) * MINUTE;
      const key = `${release ?? ''}\n${minute}`;
      const share = shares.get(key) ?? { release, minute, n: 0, at: receivedAt };
      share.n += occurrences;
      share.at = Math.max(share.at, receivedAt);
      if (!share.stack && parsedStackTrace.length > 0) share.stack = parsedStackTrace;
      shares.set(key, share);
    }
    const groupId = (records[0] as NewClientLog).groupId;
    for (const share of shares.values()) record(groupId, share);
  };
}
