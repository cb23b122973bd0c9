import { LEVEL_MS, LEVELS, bucketStart } from '../rollups/timeGrid.js';
import type { RollupLevel } from '../rollups/timeGrid.js';
import type { StoredAnalyticsHit } from './contract.js';
import { tupleOf, tupleText } from './rollupTuple.js';
import type { HitTuple } from './rollupTuple.js';

/** One rollup row's increment: `n` more hits of `tuple` in the row of `level` starting at `start`. */
export interface RollupDelta {
  level: RollupLevel;
  start: number;
  tuple: HitTuple;
  tupleText: string;
  n: number;
}

/** One tuple's hits in memory: per level, hits per row start. */
interface TupleSums {
  tuple: HitTuple;
  starts: Record<RollupLevel, Map<number, number>>;
}

/**
 * Hits summed per tuple, level and row start, by tuple text: what one rollup write upserts, one
 * row each however many hits share it. A map per level rather than a list of rows, so a long
 * backlog (the hits a crash left unfolded, hours of minutes per tuple) adds in constant time.
 */
export type RollupSums = Map<string, TupleSums>;

const same = (value: string) => value;

/** Counts `hit` into `into`; `text` is how the engine stores text (PostgreSQL's pgText). */
export function addHit(into: RollupSums, hit: StoredAnalyticsHit, text: (value: string) => string = same): void {
  const tuple = tupleOf(hit, text);
  const key = tupleText(tuple);
  let entry = into.get(key);
  if (!entry) into.set(key, (entry = { tuple, starts: { minute: new Map(), hour: new Map(), day: new Map() } }));
  for (const level of LEVELS) {
    const start = bucketStart(hit.receivedAt, LEVEL_MS[level]);
    const starts = entry.starts[level];
    starts.set(start, (starts.get(start) ?? 0) + 1);
  }
}

/** Adds `from` into `into`; `from`'s entries may be taken over, so it is not to be used afterwards. */
export function mergeSums(into: RollupSums, from: RollupSums): void {
  for (const [key, entry] of from) {
    const mine = into.get(key);
    if (!mine) {
      into.set(key, entry);
      continue;
    }
    for (const level of LEVELS) {
      const starts = mine.starts[level];
      for (const [start, n] of entry.starts[level]) starts.set(start, (starts.get(start) ?? 0) + n);
    }
  }
}

/** The rows `sums` add to, one delta per level, row start and tuple. */
export function sumDeltas(sums: RollupSums): RollupDelta[] {
  const deltas: RollupDelta[] = [];
  for (const [key, { tuple, starts }] of sums) {
    for (const level of LEVELS) for (const [start, n] of starts[level]) deltas.push({ level, start, tuple, tupleText: key, n });
  }
  return deltas;
}

/** The increments that `hits` make to every level, summed in memory first. */
export function rollupDeltas(hits: readonly StoredAnalyticsHit[], text: (value: string) => string = same): RollupDelta[] {
  const sums: RollupSums = new Map();
  for (const hit of hits) addHit(sums, hit, text);
  return sumDeltas(sums);
}
