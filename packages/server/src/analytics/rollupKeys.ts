/** Tuple ids an ingest transaction found or made, by tuple text: cached only once it committed. */
export type LearnedKeys = ReadonlyMap<string, number>;

// A cache of a few MB at most; past it, starting over costs one lookup per tuple again.
const MAX_CACHED = 100_000;

/**
 * The ids of dimension tuples known to be committed in `analytics_rollup_keys`. An id found or
 * made inside a transaction that later rolls back (a failed batch, a deadlock retry) may not exist
 * or may be given to another tuple, so ingest hands its learned ids here only after its commit.
 */
export interface RollupKeyCache {
  get(tupleText: string): number | undefined;
  remember(learned: LearnedKeys): void;
}

export function createRollupKeyCache(): RollupKeyCache {
  const ids = new Map<string, number>();
  return {
    get: (tupleText) => ids.get(tupleText),
    remember(learned) {
      if (ids.size + learned.size > MAX_CACHED) ids.clear();
      for (const [text, id] of learned) ids.set(text, id);
    },
  };
}
