import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PerfReport } from '../../perf/contract.js';
import { VITAL_FIELDS } from '../../perf/perfRollup.js';
import type { PerfRollupFilter } from '../../perf/ports.js';
import { decodeSketchesInto, emptySketches } from '../../rollups/sketchCodec.js';
import type { Store } from '../ports.js';
import { DAY, HOUR, MINUTE, perfReport, T0 } from '../conformance/fixtures.js';
import { createSqliteStore } from './createSqliteStore.js';

// Every level over the fixtures' days, so a report missing or counted twice shows somewhere.
const EVERY_LEVEL: PerfRollupFilter = {
  pieces: [
    { level: 'minute', from: T0, to: T0 + 4 * DAY },
    { level: 'hour', from: T0, to: T0 + 4 * DAY },
    { level: 'day', from: T0, to: T0 + 4 * DAY },
  ],
};

const ALL_FOLDED = { counted: 120, cursorAtEnd: true };
const reports = Array.from({ length: 120 }, (_, i) =>
  perfReport({
    id: `crash-${i}`,
    receivedAt: T0 + (i % 3) * DAY + (i % 5) * HOUR + (i % 7) * MINUTE + i,
    pageId: i % 2 ? 'home' : 'results',
    vitals: { wv_lcp: 900 + 37 * i, wv_cls: 0.01 * (i % 9), wv_inp: i % 4 ? 30 + i : null, wv_fid: 2 + i, wv_fcp: 400 + 5 * i, wv_ttfb: 80 + i },
  }),
);

/** The rollup rows in a fixed order, comparable between stores (a merged blob encodes alike sketches apart). */
async function rollupRows(store: Store) {
  const rows = await store.query.perf.readPerfRollups(EVERY_LEVEL);
  return rows
    .map((row) => {
      const sketches = emptySketches(VITAL_FIELDS.length);
      decodeSketchesInto(row.sketches, sketches);
      return { ...row, sketches: sketches.map((sketch) => [...sketch].sort(([a], [b]) => a - b)) };
    })
    .sort((a, b) => a.start - b.start || JSON.stringify(a.page).localeCompare(JSON.stringify(b.page)) || a.values.length - b.values.length);
}

async function writeAll(store: Store, items: readonly PerfReport[]) {
  await Promise.all(items.map((report) => store.ingest.perf.insertPerfReport(report)));
}

/**
 * The minute rows' report count, and whether the cursor is past every raw row (ids are not
 * contiguous: a retry's DO NOTHING uses one up), read on a connection of its own.
 */
function onDisk(file: string): { counted: number; cursorAtEnd: boolean } {
  const db = new Database(file, { readonly: true });
  try {
    const lastId = db.prepare(`SELECT last_id FROM rollup_cursors WHERE name = 'perf'`).pluck().get() as number;
    return {
      // The page rows of every report (browser NULL): each report is in one family's row as well.
      counted: db
        .prepare('SELECT coalesce(sum(r.reports), 0) FROM perf_rollup_minute r JOIN perf_rollup_keys k ON k.id = r.key_id WHERE k.browser IS NULL')
        .pluck()
        .get() as number,
      cursorAtEnd: lastId === db.prepare('SELECT coalesce(max(id), 0) FROM perf_reports').pluck().get(),
    };
  } finally {
    db.close();
  }
}

describe('SQLite perf rollups written about once a second', () => {
  let dir: string;
  let expected: Awaited<ReturnType<typeof rollupRows>>;
  const opened: Store[] = [];
  const open = (file: string) => {
    const store = createSqliteStore({ file });
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    // The flush timer never fires on its own here: what is on disk is decided by the test.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    dir = mkdtempSync(join(tmpdir(), 'tarmac-perf-pending-'));
    // The truth: the same reports in a store of their own, read back (each read writes what is pending).
    const reference = open(':memory:');
    await writeAll(reference, reports);
    expected = await rollupRows(reference);
  });

  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(opened.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the sums in memory until a read, then writes them once', async () => {
    const file = join(dir, 'live.db');
    const store = open(file);
    await writeAll(store, reports);
    expect(onDisk(file)).toEqual({ counted: 0, cursorAtEnd: false });
    expect(await rollupRows(store)).toEqual(expected);
    expect(await rollupRows(store)).toEqual(expected);
    expect(onDisk(file)).toEqual(ALL_FOLDED);
  });

  it('after a crash, folds the raw rows past the cursor at start, each once; a second restart changes nothing', async () => {
    const file = join(dir, 'live.db');
    const live = open(file);
    await writeAll(live, reports.slice(0, 50));
    await rollupRows(live); // the first 50 written to the rollups, the cursor moved past them
    await writeAll(live, [...reports.slice(40), ...reports.slice(45, 60)]); // retries among them
    // A crash now: what is on disk is the database file and its WAL, the sums in memory are lost.
    const crashed = join(dir, 'crashed.db');
    copyFileSync(file, crashed);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${crashed}-wal`);
    expect(onDisk(crashed)).toEqual({ counted: 50, cursorAtEnd: false });

    const restarted = open(crashed);
    expect(onDisk(crashed)).toEqual(ALL_FOLDED);
    expect(await rollupRows(restarted)).toEqual(expected);
    await restarted.close();

    const again = open(crashed);
    expect(await rollupRows(again)).toEqual(expected);
    expect(onDisk(crashed)).toEqual(ALL_FOLDED);
  });

  it('keeps the sums when their write fails, and writes them once when it next succeeds', async () => {
    const file = join(dir, 'failing.db');
    const store = open(file);
    await writeAll(store, reports.slice(0, 70));
    // A write that fails inside SQLite, as a full disk would: the hour rows refuse new rows.
    const admin = new Database(file);
    admin.exec(`CREATE TRIGGER refuse BEFORE INSERT ON perf_rollup_hour BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await expect(store.query.perf.readPerfRollups(EVERY_LEVEL)).rejects.toThrow('refused');
    expect(onDisk(file)).toEqual({ counted: 0, cursorAtEnd: false });
    await writeAll(store, reports.slice(60)); // more sums added to the kept ones meanwhile
    await expect(store.query.perf.readPerfRollups(EVERY_LEVEL)).rejects.toThrow('refused');
    admin.exec('DROP TRIGGER refuse');
    admin.close();
    expect(await rollupRows(store)).toEqual(expected);
    expect(onDisk(file)).toEqual(ALL_FOLDED);
  });

  it('writes the sums on close, so a clean restart has nothing to fold', async () => {
    const file = join(dir, 'closed.db');
    const store = open(file);
    await writeAll(store, reports);
    await store.close();
    expect(onDisk(file)).toEqual(ALL_FOLDED);
  });

  it('writes on its own about once a second', async () => {
    const file = join(dir, 'timed.db');
    const store = open(file);
    await writeAll(store, reports);
    expect(onDisk(file).counted).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    // The timer's write goes through the group commit: answered once it is synced.
    await vi.waitFor(() => expect(onDisk(file).counted).toBe(reports.length));
    expect(await rollupRows(store)).toEqual(expected);
  });
});
