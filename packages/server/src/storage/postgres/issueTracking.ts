import type pg from 'pg';
import type { NewClientLog } from '../../logs/ports.js';
import type { GroupStateRow, MinuteShare, Share } from '../rows/issueState.js';
import { advanceGroupState, MINUTES_KEPT_MS, sharesOf, TRIM_EVERY_MS } from '../rows/issueState.js';
import { queryRows } from './db.js';

/** A group's newly counted occurrences of one batch, in the order they came. */
export interface CountedGroup {
  groupId: string;
  records: NewClientLog[];
}

interface GroupShares {
  groupId: string;
  shares: MinuteShare[];
}

/**
 * The release and workflow bookkeeping of a batch's newly counted occurrences, run by the log
 * writer inside its transaction after it locked the groups' rows (so one transaction at a time
 * reads and moves a group's state): per-group release counts, minute counts, each group's first
 * stack of a release, and the state machine of rows/issueState.ts. Every kind of row is written for
 * all groups in one statement, since each statement is a round trip and this is the bulk of a
 * log write. The releases themselves were noted before (logIngest.ts).
 */
export function createIssueTracking() {
  let trimmedAt = 0;

  return async function recordOccurrences(db: pg.PoolClient, groups: readonly CountedGroup[]): Promise<void> {
    const counted = groups.map(({ groupId, records }): GroupShares => ({ groupId, shares: sharesOf(records) }));
    const all = counted.flatMap(({ groupId, shares }) => shares.map((share) => ({ groupId, ...share })));

    const releases = sumBy(all.filter((s) => s.release !== null), (s) => `${s.groupId}\n${s.release}`);
    await db.query(
      `INSERT INTO log_group_releases AS gr (group_id, release, count, first_seen, last_seen)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[])
       ON CONFLICT (group_id, release) DO UPDATE
          SET count = gr.count + EXCLUDED.count, last_seen = greatest(gr.last_seen, EXCLUDED.last_seen)`,
      [releases.map((r) => r.groupId), releases.map((r) => r.release), releases.map((r) => r.n),
        releases.map((r) => r.firstAt), releases.map((r) => r.lastAt)],
    );
    const minutes = sumBy(all, (s) => `${s.groupId}\n${s.minute}`);
    await db.query(
      `INSERT INTO log_group_minutes AS m (group_id, minute, count)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
       ON CONFLICT (group_id, minute) DO UPDATE SET count = m.count + EXCLUDED.count`,
      [minutes.map((m) => m.groupId), minutes.map((m) => m.minute), minutes.map((m) => m.n)],
    );
    const newest = Math.max(...all.map((s) => s.minute));
    if (newest - trimmedAt >= TRIM_EVERY_MS) {
      await db.query('DELETE FROM log_group_minutes WHERE minute < $1', [newest - MINUTES_KEPT_MS]);
      trimmedAt = newest;
    }
    // The first stack of a group and release is kept; later ones (the same error) add nothing.
    const stacks = [...new Map(all.filter((s) => s.stack).reverse().map((s) => [`${s.groupId}\n${s.release ?? ''}`, s])).values()];
    if (stacks.length > 0) {
      await db.query(
        `INSERT INTO log_group_stacks (group_id, release, stack)
         SELECT * FROM unnest($1::text[], $2::text[], $3::json[])
         ON CONFLICT (group_id, release) DO NOTHING`,
        [stacks.map((s) => s.groupId), stacks.map((s) => s.release ?? ''), stacks.map((s) => JSON.stringify(s.stack))],
      );
    }
    await advanceStates(db, counted);
  };
}

/** Runs each group's state machine over its shares and writes states and events back. */
async function advanceStates(db: pg.PoolClient, counted: readonly GroupShares[]): Promise<void> {
  // FOR UPDATE: an operator's change of a state waits for this transaction, or this one reads
  // the operator's committed change — never a decision on a state already replaced.
  const stored = await queryRows<GroupStateRow & { group_id: string }>(
    db,
    `SELECT group_id, status, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until
       FROM log_group_state WHERE group_id = ANY ($1::text[]) ORDER BY group_id FOR UPDATE`,
    [counted.map((g) => g.groupId)],
  );
  const stateOf = new Map(stored.map(({ group_id, ...state }) => [group_id, state]));
  const seqs = await releaseSeqs(db, counted, stored);
  const outcomes = counted.map(({ groupId, shares }) => ({ groupId, ...advanceGroupState(stateOf.get(groupId), shares, (r) => seqs.get(r)) }));

  const written = outcomes.filter((o) => o.created || o.changed);
  if (written.length > 0) {
    const column = <K extends keyof GroupStateRow>(key: K) => written.map((o) => o.state[key]);
    await db.query(
      `INSERT INTO log_group_state AS s (group_id, status, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])
       ON CONFLICT (group_id) DO UPDATE
          SET status = EXCLUDED.status, status_changed_at = EXCLUDED.status_changed_at,
              regressed_release = EXCLUDED.regressed_release, ignore_left = EXCLUDED.ignore_left,
              ignore_until = EXCLUDED.ignore_until`,
      [written.map((o) => o.groupId), column('status'), column('status_changed_at'), column('resolved_release'),
        column('regressed_release'), column('ignore_left'), column('ignore_until')],
    );
  }
  const events = outcomes.flatMap((o) => o.events.map((event) => ({ groupId: o.groupId, ...event })));
  if (events.length > 0) {
    await db.query(
      `INSERT INTO log_group_events (kind, group_id, release, at)
       SELECT kind, group_id, release, at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) WITH ORDINALITY AS e (kind, group_id, release, at, n)
        ORDER BY n`,
      [events.map((e) => e.kind), events.map((e) => e.groupId), events.map((e) => e.release), events.map((e) => e.at)],
    );
  }
}

/** The release order of what a regression check may compare; read only when a group is resolved. */
async function releaseSeqs(db: pg.PoolClient, counted: readonly GroupShares[], stored: readonly GroupStateRow[]): Promise<Map<string, number>> {
  const resolvedIn = stored.filter((s) => s.status === 'resolved' && s.resolved_release !== null).map((s) => s.resolved_release as string);
  if (resolvedIn.length === 0) return new Map();
  const names = [...new Set([...resolvedIn, ...counted.flatMap((g) => g.shares.flatMap((s) => (s.release === null ? [] : [s.release])))])];
  const rows = await queryRows<{ name: string; seq: number }>(db, 'SELECT name, seq FROM releases WHERE name = ANY ($1::text[])', [names]);
  return new Map(rows.map((row) => [row.name, row.seq]));
}

/** Shares summed by `key`: count, the first share's time (first seen) and the newest (last seen). */
function sumBy<S extends Share & { groupId: string }>(shares: readonly S[], key: (share: S) => string) {
  const sums = new Map<string, S & { firstAt: number; lastAt: number }>();
  for (const share of shares) {
    const sum = sums.get(key(share));
    if (sum) {
      sum.n += share.n;
      sum.lastAt = Math.max(sum.lastAt, share.at);
    } else sums.set(key(share), { ...share, firstAt: share.at, lastAt: share.at });
  }
  return [...sums.values()];
}
