// Benchmark: how fast the console's log reads answer from the occurrence rollups at scale. Fills
// an on-disk SQLite store's rollup tables directly (no raw messages: only the rollups are read)
// with BENCH_GROUPS groups × 3 releases, one hour row each per hour and one day row per day over
// BENCH_DAYS days, then times the group list's read (100 groups) and one group's timeline for
// 24 hours, 7 and 30 days. Not a test: it prints what it measured. Needs `npm run build`.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteStore } from '../packages/server/dist/storage/sqlite/createSqliteStore.js';

const groups = Number(process.env.BENCH_GROUPS || 1000);
const days = Number(process.env.BENCH_DAYS || 30);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const dir = mkdtempSync(join(tmpdir(), 'tarmac-logreads-'));
const file = join(dir, 'tarmac.db');
try {
  await createSqliteStore({ file }).close();
  const db = new Database(file);
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  const first = Math.floor((now - days * DAY) / DAY) * DAY;
  const t0 = performance.now();
  db.transaction(() => {
    const key = db.prepare('INSERT INTO log_rollup_keys (group_id, release) VALUES (?, ?) RETURNING id').pluck();
    const hour = db.prepare('INSERT INTO log_rollup_hour (start, key_id, occurrences) VALUES (?, ?, ?)');
    const day = db.prepare('INSERT INTO log_rollup_day (start, key_id, occurrences) VALUES (?, ?, ?)');
    for (let g = 0; g < groups; g++) {
      for (const release of ['r1', 'r2', '']) {
        const id = key.get(`bench:g${g}`, release);
        for (let start = first; start < now + HOUR; start += HOUR) hour.run(start, id, 1 + (g % 7));
        for (let start = first; start <= now; start += DAY) day.run(start, id, 24 * (1 + (g % 7)));
      }
    }
  })();
  const filled = Math.round(performance.now() - t0);
  db.close();
  const store = createSqliteStore({ file });
  const ids = Array.from({ length: 100 }, (_, i) => `bench:g${i * 7}`);
  const time = async (groupIds, span) => {
    const grid = { from: now - span, to: now, bucketMs: span <= 3 * DAY ? HOUR : DAY };
    await store.query.logs.occurrenceBuckets(groupIds, grid, now); // warm
    const samples = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await store.query.logs.occurrenceBuckets(groupIds, grid, now);
      samples.push(performance.now() - t);
    }
    return Number(samples.sort((a, b) => a - b)[2].toFixed(1));
  };
  const result = {
    groups, releasesPerGroup: 3, days, hourRows: groups * 3 * (days * 24 + 24), fillMs: filled,
    fileMB: Math.round(statSync(file).size / 1e6),
    listOf100GroupsMs: { '24h': await time(ids, DAY), '7d': await time(ids, 7 * DAY), '30d': await time(ids, 30 * DAY) },
    oneGroupTimelineMs: { '24h': await time([ids[1]], DAY), '7d': await time([ids[1]], 7 * DAY), '30d': await time([ids[1]], 30 * DAY) },
  };
  await store.close();
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
