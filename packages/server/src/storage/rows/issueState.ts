import type { NewClientLog } from '../../logs/ports.js';
import { releaseOf } from '../../logs/releaseContract.js';

/**
 * The issue workflow's bookkeeping of newly counted occurrences, with no I/O, for both engines:
 * a batch's occurrences summed into shares, and the state machine a group's shares move.
 */

export const MINUTE = 60_000;
/** Per-minute counts older than this are dropped; the chart's longest window is 90 days. */
export const MINUTES_KEPT_MS = 90 * 24 * 60 * MINUTE;
/** How far the newest minute moves before old minute counts are trimmed again. */
export const TRIM_EVERY_MS = 60 * MINUTE;

/** A group's workflow state as `log_group_state` keeps it. */
export interface GroupStateRow {
  status: 'unresolved' | 'resolved' | 'ignored' | 'regressed';
  status_changed_at: number | null;
  resolved_release: string | null;
  regressed_release: string | null;
  ignore_left: number | null;
  ignore_until: number | null;
}

/** Occurrences of one group, one release and one minute in a batch, in the order they came. */
export interface Share {
  release: string | null;
  n: number;
  /** The newest receive time among them. */
  at: number;
}

/** A share of one minute, with the first stack among its occurrences (if any had one). */
export interface MinuteShare extends Share {
  minute: number;
  stack?: NewClientLog['parsedStackTrace'];
}

/**
 * One group's occurrences of a batch summed per release and minute, in order of first
 * appearance: a page sends the same error many times in a batch, and one write per share (not
 * per message) keeps this bookkeeping from being the largest cost of ingest.
 */
export function sharesOf(records: readonly NewClientLog[]): MinuteShare[] {
  const shares = new Map<string, MinuteShare>();
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
  return [...shares.values()];
}

/** A new or regressed group, for `log_group_events`. */
export interface GroupEventRow {
  kind: 'new' | 'regressed';
  release: string | null;
  at: number;
}

/** Where a group ends after a batch: its state, whether it must be created or written, its events. */
export interface StateOutcome {
  state: GroupStateRow;
  created: boolean;
  changed: boolean;
  events: GroupEventRow[];
}

/**
 * The state machine of one group over a batch's shares, in order, with no I/O: a group without
 * state is new (unresolved); a resolved group occurring in a newer release is regressed; an
 * ignored group whose time or count is up is unresolved again. `seqOf` gives a release's place in
 * the release order (undefined when unknown).
 *
 * A plain resolve (no release known then) regresses on any occurrence; a resolve in a release
 * regresses only on a newer one, so old pages still open in browsers do not reopen a fix.
 */
export function advanceGroupState(
  stored: GroupStateRow | undefined,
  shares: readonly Share[],
  seqOf: (release: string) => number | undefined,
): StateOutcome {
  const outcome: StateOutcome = {
    state: stored ? { ...stored } : unresolved(),
    created: !stored,
    changed: false,
    events: [],
  };
  const { state } = outcome;
  const regresses = (release: string | null): boolean => {
    if (state.resolved_release === null) return true;
    if (release === null) return false;
    return (seqOf(release) ?? 0) > (seqOf(state.resolved_release) ?? 0);
  };
  const change = (status: GroupStateRow['status'], at: number, regressedRelease: string | null = null) => {
    Object.assign(state, { status, status_changed_at: at, regressed_release: regressedRelease, ignore_left: null, ignore_until: null });
    outcome.changed = true;
  };
  shares.forEach(({ release, n, at }, i) => {
    if (outcome.created && i === 0) {
      outcome.events.push({ kind: 'new', release, at });
      return;
    }
    if (state.status === 'resolved' && regresses(release)) {
      change('regressed', at, release);
      outcome.events.push({ kind: 'regressed', release, at });
    } else if (state.status === 'ignored') {
      if (state.ignore_until !== null && state.ignore_until <= at) change('unresolved', at);
      else if (state.ignore_left !== null) {
        if (state.ignore_left - n <= 0) change('unresolved', at);
        else {
          state.ignore_left -= n;
          outcome.changed = true;
        }
      }
    }
  });
  return outcome;
}

const unresolved = (): GroupStateRow => ({
  status: 'unresolved',
  status_changed_at: null,
  resolved_release: null,
  regressed_release: null,
  ignore_left: null,
  ignore_until: null,
});
