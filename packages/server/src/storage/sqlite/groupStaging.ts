import type { GroupCommit } from './groupCommit.js';

/** Values gathered over a group transaction's items, handed to `apply` once before its COMMIT. */
export interface GroupStaging<T> {
  /** Stages `values` for the group's one `apply` inside `staged`; outside it, applies them at once. */
  add(values: readonly T[]): void;
  /** Runs one group-commit item, keeping what it staged only if it succeeds (its savepoint stays). */
  staged<R>(work: () => R): R;
}

/**
 * Work that one group transaction does once for all its items rather than once per item: the log
 * store counts a busy error sent by 16 requests of one group with one update of its group, one
 * ring row and one upsert per rollup row, not 16 of each. `apply` runs just before COMMIT (a
 * `beforeCommit` hook), so what it writes commits or rolls back with the items' own rows. An item
 * that throws drops what it staged with its savepoint; a group rolled back as a whole drops
 * everything staged, which its callers are told failed.
 */
export function createGroupStaging<T>(writes: GroupCommit, apply: (values: T[]) => void): GroupStaging<T> {
  let pending: T[] = [];
  let item: T[] | undefined;
  writes.beforeCommit(() => {
    if (pending.length === 0) return;
    const values = pending;
    pending = [];
    apply(values);
  });
  writes.afterGroup(() => {
    pending = [];
  });
  return {
    add(values) {
      if (item) item.push(...values);
      else apply([...values]);
    },
    staged(work) {
      if (item) return work();
      item = [];
      try {
        const value = work();
        pending.push(...item);
        return value;
      } finally {
        item = undefined;
      }
    },
  };
}
