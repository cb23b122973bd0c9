import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKSTOP_PAGES, startCheckpointer } from './checkpointer.js';
import { createSqliteStore } from './createSqliteStore.js';
import { newClientLog } from '../../testing/fixtures.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('WAL checkpoints off the event loop', () => {
  it('copies committed pages into the database file from its own thread, the writer holding back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarmac-checkpoint-'));
    dirs.push(dir);
    const file = join(dir, 'tarmac.db');
    const store = createSqliteStore({ file });
    const before = statSync(file).size;
    for (let b = 0; b < 20; b++) {
      const records = Array.from({ length: 50 }, (_, i) => newClientLog({ messageId: `m${b}-${i}`, context: { pad: 'x'.repeat(400) } }));
      await store.ingest.logs.insertClientLogs({ records, ignored: 0 });
    }
    // The writer's own auto-checkpoint waits for far more pages than these writes made, so a
    // grown database file means the checkpointer thread copied them.
    const walPages = statSync(`${file}-wal`).size / 4096;
    expect(walPages).toBeLessThan(BACKSTOP_PAGES);
    await vi.waitUntil(() => statSync(file).size > before, { timeout: 10_000, interval: 50 });
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM log_message_ids').pluck().get()).toBe(1000);
    db.close();
  }, 20_000);

  it('survives a checkpointer that cannot open its file, and still stops', async () => {
    const checkpointer = startCheckpointer(join(tmpdir(), 'tarmac-missing-dir', 'nope', 'tarmac.db'), 20);
    await new Promise((resolve) => setTimeout(resolve, 300)); // long enough for the thread to fail
    await expect(checkpointer.stop()).resolves.toBeUndefined();
  });
});
