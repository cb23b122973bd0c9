import { MINUTE_MS } from '../rollups/timeGrid.js';

/**
 * How many items of each kind a seed run wrote per minute of receive time: what a benchmark
 * checks the console's counts against without reading the store it is checking.
 */
export interface SeedTimeline {
  /** Epoch ms of the first minute counted. */
  firstMinute: number;
  /** Items per minute from `firstMinute` on, one entry per minute. */
  perf: number[];
  hits: number[];
}

/** A counter of items per minute over `[start, end)`. */
export function createTimeline(start: number, end: number): SeedTimeline & { add(kind: 'perf' | 'hits', time: number): void } {
  const firstMinute = Math.floor(start / MINUTE_MS) * MINUTE_MS;
  const minutes = Math.ceil((end - firstMinute) / MINUTE_MS) + 1;
  const timeline = { firstMinute, perf: new Array<number>(minutes).fill(0), hits: new Array<number>(minutes).fill(0) };
  return {
    ...timeline,
    add(kind, time) {
      timeline[kind][Math.floor((time - firstMinute) / MINUTE_MS)]! += 1;
    },
  };
}

/**
 * Items of `kind` received in `[from, to)`; both ends must be whole minutes, since the counts
 * know nothing finer (a window cut inside a minute is refused rather than guessed).
 */
export function countInWindow(timeline: SeedTimeline, kind: 'perf' | 'hits', from: number, to: number): number {
  if (from % MINUTE_MS !== 0 || to % MINUTE_MS !== 0) throw new Error('countInWindow needs a window of whole minutes');
  const counts = timeline[kind];
  let total = 0;
  const first = Math.max(0, (from - timeline.firstMinute) / MINUTE_MS);
  const last = Math.min(counts.length, (to - timeline.firstMinute) / MINUTE_MS);
  for (let i = first; i < last; i++) total += counts[i]!;
  return total;
}
