import type { Database } from 'better-sqlite3';
import type { NewClientLog } from '../../logs/ports.js';
import type { GroupStateRow, MinuteShare } from '../rows/issueState.js';
import { advanceGroupState, MINUTES_KEPT_MS, sharesOf, TRIM_EVERY_MS } from '../rows/issueState.js';

/**
 * The release and workflow bookkeeping of one group's newly counted occurrences, run by the log
 * store inside the transaction that stores them (a retried delivery never gets here): the release
 * and its per-group count, the minute count, the group's first stack of that release, and the
 * state machine both engines share (rows/issueState.ts).
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
  const readState = db.prepare(`
    SELECT status, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until
      FROM log_group_state WHERE group_id = ?`);
  const writeState = db.prepare(`
    INSERT INTO log_group_state (group_id, status, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until)
    VALUES (@groupId, @status, @status_changed_at, @resolved_release, @regressed_release, @ignore_left, @ignore_until)
    ON CONFLICT (group_id) DO UPDATE
       SET status = excluded.status, status_changed_at = excluded.status_changed_at,
           regressed_release = excluded.regressed_release, ignore_left = excluded.ignore_left,
           ignore_until = excluded.ignore_until`);
  const addEvent = db.prepare('INSERT INTO log_group_events (kind, group_id, release, at) VALUES (?, ?, ?, ?)');
  const releaseSeq = db.prepare('SELECT seq FROM releases WHERE name = ?').pluck();

  // Every release of the batch is stored before the state machine asks for its place.
  const seqOf = (release: string) => releaseSeq.get(release) as number | undefined;

  let trimmedAt = 0;

  const record = (groupId: string, { release, minute, n, at, stack }: MinuteShare): void => {
    if (release !== null) {
      upsertRelease.run({ release, at });
      countRelease.run({ groupId, release, n, at });
    }
    countMinute.run({ groupId, minute, n });
    if (minute - trimmedAt >= TRIM_EVERY_MS) {
      trimMinutes.run(minute - MINUTES_KEPT_MS);
      trimmedAt = minute;
    }
    if (stack) keepStack.run({ groupId, release: release ?? '', stack: JSON.stringify(stack) });
  };

  /** Counts the new occurrences of ONE group in one batch, one write per share (rows/issueState.ts). */
  return function recordOccurrences(records: NewClientLog[]): void {
    const groupId = (records[0] as NewClientLog).groupId;
    const shares = sharesOf(records);
    for (const share of shares) record(groupId, share);
    const outcome = advanceGroupState(readState.get(groupId) as GroupStateRow | undefined, shares, seqOf);
    if (outcome.created || outcome.changed) writeState.run({ groupId, ...outcome.state });
    for (const event of outcome.events) addEvent.run(event.kind, groupId, event.release, event.at);
  };
}
