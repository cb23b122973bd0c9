import { encodeSketches } from '../rollups/sketchCodec.js';
import type { PerfRollupStats } from './perfRollup.js';

// The writers' encoders of rollup rows' blobs (perfRollup.ts' levelDeltas shares one stats object
// between a minute and the hour and day it alone feeds, so each is encoded once).

/** Encodes each stats object's sketches once, however many deltas share it. */
export function sketchEncoder(): (stats: PerfRollupStats) => Buffer {
  const done = new Map<PerfRollupStats, Buffer>();
  return (stats) => {
    let encoded = done.get(stats);
    if (!encoded) done.set(stats, (encoded = encodeSketches(stats.sketches)));
    return encoded;
  };
}
