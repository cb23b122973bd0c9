import { HOUR_MS, bucketStart } from './timeGrid.js';
import type { TimeGrid } from './timeGrid.js';

/**
 * The grid a logs read uses for a console window: widened to whole hours, with buckets of an hour
 * at least, since an hour row cannot be split (logs keep no minute rollups). The answer states
 * this grid, so a chart labels what it really counted.
 */
export function logGrid(grid: TimeGrid): TimeGrid {
  const bucketMs = Math.max(grid.bucketMs, HOUR_MS);
  return { from: bucketStart(grid.from, HOUR_MS), to: Math.ceil(grid.to / HOUR_MS) * HOUR_MS, bucketMs };
}
