import type { DeferredRollups } from './deferredRollups.js';

/** What a savepoint's owner needs of staged rollups (deferredRollups.ts): a mark, and a rewind to it. */
export type RollupStaging = Pick<DeferredRollups<unknown>, 'mark' | 'rewind'>;

/**
 * Runs `work`, the body of a savepoint that stores raw rows and stages them for deferred rollups;
 * if it throws (its rows are then rolled back), what it staged in each of `stagings` is dropped
 * too, or those rows would be counted without being stored. The whole group's rollback needs no
 * help: the deferred rollups drop a rolled-back group's items themselves.
 */
export function unstageOnThrow<R>(stagings: readonly RollupStaging[], work: () => R): R {
  const marks = stagings.map((staging) => staging.mark());
  try {
    return work();
  } catch (error) {
    stagings.forEach((staging, i) => staging.rewind(marks[i]!));
    throw error;
  }
}
