import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import { DAY_MS } from '../../rollups/timeGrid.js';
import type { Store } from '../ports.js';
import { createSqliteStore } from './createSqliteStore.js';
import { byVertical, expectedByVertical, folded, HITS, onDisk, WINDOW } from './testing/analyticsRollupDisk.js';

/** Bodies of 5 hits sent at once through the ingest port, as a busy route would. */
async function send(store: Store, hits: readonly StoredAnalyticsHit[]) {
  const bodies = Array.from({ length: Math.ceil(hits.length / 5) }, (_, i) => hits.slice(5 * i, 5 * i + 5));
  await Promise.all(bodies.map((body) => store.ingest.analytics.insertAnalyticsHits(body)));
}

describe('SQLite analytics rollups written about once a second', () => {
  let dir: string;
  const opened: Store[] = [];
  const open = (name: string, rollups = true) => {
    const store = createSqliteStore({ file: join(dir, name), rollups });
    opened.push(store);
    return store;
  };

  beforeEach(() => {
    // The write timer never fires on its own here: what is on disk is decided by the test.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    dir = mkdtempSync(join(tmpdir(), 'tarmac-analytics-pending-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(opened.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the sums in memory until a read, which counts every hit acknowledged before it', async () => {
    const store = open('live.db');
    await send(store, HITS);
    expect(onDisk(join(dir, 'live.db'))).toEqual({ minute: 0, hour: 0, day: 0, cursorAtEnd: false });
    expect(await byVertical(store)).toEqual(expectedByVertical(HITS));
    expect(onDisk(join(dir, 'live.db'))).toEqual(folded(HITS.length));
    expect(await byVertical(store)).toEqual(expectedByVertical(HITS)); // written once
  });

  it('writes what is pending before each read of the rollups: counts, breakdowns and timelines', async () => {
    const store = open('reads.db');
    const total = (counts: ReadonlyArray<{ pageViews: number; events: number }>) => counts.reduce((n, c) => n + c.pageViews + c.events, 0);
    await send(store, HITS.slice(0, 40));
    expect(total(await store.query.analytics.countAnalytics(WINDOW, 'interaction', 10))).toBe(40);
    await send(store, HITS.slice(40, 80));
    const [breakdown] = await store.query.analytics.breakdownAnalytics(WINDOW, [{ by: 'vertical', limit: 10 }]);
    expect(total(breakdown!)).toBe(80);
    await send(store, HITS.slice(80));
    expect(total(await store.query.analytics.analyticsTimeline(WINDOW, DAY_MS))).toBe(HITS.length);
  });

  it('after a crash, folds the hits past the cursor at start, each once; a second restart changes nothing', async () => {
    const live = open('live.db');
    await send(live, HITS.slice(0, 50));
    await byVertical(live); // the first 50 written to the rollups, the cursor moved past them
    await send(live, [...HITS.slice(40), ...HITS.slice(45, 60)]); // retries among them
    // A crash now: what is on disk is the database file and its WAL; the sums in memory are lost.
    const file = join(dir, 'live.db');
    const crashed = join(dir, 'crashed.db');
    copyFileSync(file, crashed);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${crashed}-wal`);
    expect(onDisk(crashed)).toEqual({ minute: 50, hour: 50, day: 50, cursorAtEnd: false });

    const restarted = open('crashed.db');
    expect(onDisk(crashed)).toEqual(folded(HITS.length));
    expect(await byVertical(restarted)).toEqual(expectedByVertical(HITS));
    await restarted.close();
    const again = open('crashed.db');
    expect(await byVertical(again)).toEqual(expectedByVertical(HITS));
    expect(onDisk(crashed)).toEqual(folded(HITS.length));
  });

  it('writes the sums on close, so a clean restart has nothing to fold', async () => {
    const store = open('closed.db');
    await send(store, HITS);
    await store.close();
    expect(onDisk(join(dir, 'closed.db'))).toEqual(folded(HITS.length));
  });

  it('writes on its own about once a second', async () => {
    const store = open('timed.db');
    await send(store, HITS);
    await vi.advanceTimersByTimeAsync(1000);
    // The timer's write goes through the group commit: answered once it is synced.
    await vi.waitFor(() => expect(onDisk(join(dir, 'timed.db'))).toEqual(folded(HITS.length)));
  });

  it('with rollups off (TARMAC_ROLLUPS=off) writes no rollup row, not even on close', async () => {
    const store = open('off.db', false);
    await send(store, HITS);
    await store.close();
    expect(onDisk(join(dir, 'off.db'))).toEqual({ minute: 0, hour: 0, day: 0, cursorAtEnd: false });
  });
});
