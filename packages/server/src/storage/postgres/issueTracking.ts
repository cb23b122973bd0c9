import type pg from 'pg';
import type { NewClientLog } from '../../logs/ports.js';
import { releaseOf } from '../../releases/releaseName.js';
import { queryRow } from './db.js';

const MINUTE = 60_000;
/** Per-minute counts older than this are dropped; the chart's longest window is 90 days. */
const MINUTES_KEPT_MS = 90 * 24 * 60 * MINUTE;

interface StateRow {
  status: string;
  resolved_release: string | null;
  ignore_left: number | null;
  ignore_until: number | null;
}

/** One release and minute of one group's batch: every occurrence in it counts in one write. */
interface Share {
  release: string | null;
  minute: number;
  n: number;
  at: number;
  stack?: NewClientLog['parsedStackTrace'];
}

/**
 * The release and workflow bookkeeping of a group's newly counted occurrences, run by the log
 * writer inside its transaction after it locked the group's row (so one transaction at a time
 * reads and moves a group's state): the per-group release count, the minute count, the group's
 * first stack of that release, and the state machine — a group seen for the first time is `new`,
 * a resolved group occurring in a newer release is `regressed`, an ignored group whose time or
 * count is up is unresolved again. The releases themselves were noted before (logIngest.ts).
 */
export function createIssueTracking() {
  let trimmedAt = 0;

  // A plain resolve (no release known then) regresses on any occurrence; a resolve in a release
  // regresses only on a newer one, so old pages still open in browsers do not reopen a fix.
  const regresses = async (db: pg.PoolClient, resolvedIn: string | null, release: string | null): Promise<boolean> => {
    if (resolvedIn === null) return true;
    if (release === null) return false;
    const row = await queryRow<{ newer: boolean }>(
      db,
      `SELECT (SELECT seq FROM releases WHERE name = $1) > coalesce((SELECT seq FROM releases WHERE name = $2), 0) AS newer`,
      [release, resolvedIn],
    );
    return row?.newer === true;
  };

  const addEvent = (db: pg.PoolClient, kind: 'new' | 'regressed', groupId: string, release: string | null, at: number) =>
    db.query('INSERT INTO log_group_events (kind, group_id, release, at) VALUES ($1, $2, $3, $4)', [kind, groupId, release, at]);

  const record = async (db: pg.PoolClient, groupId: string, { release, minute, n, at, stack }: Share): Promise<void> => {
    if (release !== null) {
      await db.query(
        `INSERT INTO log_group_releases AS gr (group_id, release, count, first_seen, last_seen)
         VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (group_id, release) DO UPDATE
            SET count = gr.count + EXCLUDED.count, last_seen = greatest(gr.last_seen, EXCLUDED.last_seen)`,
        [groupId, release, n, at],
      );
    }
    await db.query(
      `INSERT INTO log_group_minutes AS m (group_id, minute, count) VALUES ($1, $2, $3)
       ON CONFLICT (group_id, minute) DO UPDATE SET count = m.count + EXCLUDED.count`,
      [groupId, minute, n],
    );
    if (minute - trimmedAt >= 60 * MINUTE) {
      await db.query('DELETE FROM log_group_minutes WHERE minute < $1', [minute - MINUTES_KEPT_MS]);
      trimmedAt = minute;
    }
    if (stack) {
      await db.query(
        `INSERT INTO log_group_stacks (group_id, release, stack) VALUES ($1, $2, $3)
         ON CONFLICT (group_id, release) DO NOTHING`,
        [groupId, release ?? '', JSON.stringify(stack)],
      );
    }

    // FOR UPDATE: an operator's change of this state waits for this transaction, or this one
    // reads the operator's committed change — never a decision on a state already replaced.
    const state = await queryRow<StateRow>(
      db,
      'SELECT status, resolved_release, ignore_left, ignore_until FROM log_group_state WHERE group_id = $1 FOR UPDATE',
      [groupId],
    );
    if (!state) {
      await db.query(`INSERT INTO log_group_state (group_id, status) VALUES ($1, 'unresolved')`, [groupId]);
      await addEvent(db, 'new', groupId, release, at);
      return;
    }
    const change = (status: string, regressedRelease: string | null = null) =>
      db.query(
        `UPDATE log_group_state
            SET status = $2, status_changed_at = $3, regressed_release = $4, ignore_left = NULL, ignore_until = NULL
          WHERE group_id = $1`,
        [groupId, status, at, regressedRelease],
      );
    if (state.status === 'resolved' && (await regresses(db, state.resolved_release, release))) {
      await change('regressed', release);
      await addEvent(db, 'regressed', groupId, release, at);
    } else if (state.status === 'ignored') {
      if (state.ignore_until !== null && state.ignore_until <= at) await change('unresolved');
      else if (state.ignore_left !== null) {
        if (state.ignore_left - n <= 0) await change('unresolved');
        else await db.query('UPDATE log_group_state SET ignore_left = $2 WHERE group_id = $1', [groupId, state.ignore_left - n]);
      }
    }
  };

  /**
   * Counts the new occurrences of ONE group in one batch, summed per release and minute first:
   * a page sends the same error many times in a batch, and each statement is a round trip.
   */
  return async function recordOccurrences(db: pg.PoolClient, records: NewClientLog[]): Promise<void> {
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
    for (const share of shares.values()) await record(db, groupId, share);
  };
}
