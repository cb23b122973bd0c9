import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll } from 'vitest';
import { describeAnalyticsRollupRows } from '../conformance/analyticsRollupRows.js';
import { createSqliteStore } from './createSqliteStore.js';

const dir = mkdtempSync(join(tmpdir(), 'tarmac-rollups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

describeAnalyticsRollupRows(async (rollups) => {
  const file = join(dir, `store-${++files}.db`);
  const store = createSqliteStore({ file, rollups });
  return {
    store,
    async rows(level) {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare(`SELECT start, n FROM analytics_rollup_${level} ORDER BY start`).all() as { start: number; n: number }[];
      } finally {
        db.close();
      }
    },
  };
});
