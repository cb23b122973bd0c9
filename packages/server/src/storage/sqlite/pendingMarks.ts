import type { PendingRollups } from './pendingRollups.js';

/** What a savepoint's owner needs of the pending rollups (pendingRollups.ts): a mark, and a rewind to it. */
export type PendingMarks = Pick<PendingRollups<unknown>, 'mark' | 'rewind'>;

/**
 * Runs `work`, the body of a savepoint that stores raw rows and adds them to the pending rollups;
 * if it throws (its rows are then rolled back), what it added to each of `pendings` is dropped
 * too, or those rows would be counted without being stored. The whole group's rollback needs no
 * help: the pending rollups drop a rolled-back group's items themselves.
 */
export function dropPendingOnThrow<R>(pendings: readonly PendingMarks[], work: () => R): R {
  const marks = pendings.map((pending) => pending.mark());
  try {
    return work();
  } catch (error) {
    pendings.forEach((pending, i) => pending.rewind(marks[i]!));
    throw error;
  }
}
