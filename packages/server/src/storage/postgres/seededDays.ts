import { DAY_MS } from '../../rollups/timeGrid.js';
import { createPool } from './db.js';
import { ensureDayPartition, listPartitionedTables } from './partitions.js';

/**
 * Makes the day partitions of every partitioned table for the UTC days of `[from, to)`, as a
 * store that had been running over those days would have them. Upkeep makes only today's and
 * the next days', so without this a seeded past would all land in the DEFAULT partitions, where
 * no read can skip a day and no retention can drop one.
 */
export async function makeSeededDays(url: string, from: number, to: number): Promise<number> {
  const pool = createPool(url, 1);
  let created = 0;
  try {
    for (const table of await listPartitionedTables(pool)) {
      for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
        if (await ensureDayPartition(pool, table, day)) created++;
      }
    }
  } finally {
    await pool.end();
  }
  return created;
}
