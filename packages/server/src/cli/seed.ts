// `npm run seed -- --perf 10000000 --hits 20000000 --days 30`: fills a store with generated
// traffic (realistic per-page distributions) for benchmarks and for trying the console. Progress
// goes to stderr; the summary line to stdout.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describeUrl } from '../config/ingestConfig.js';
import { defaultPaths } from '../paths.js';
import { DAY_MS } from '../rollups/timeGrid.js';
import { makeSeededDays } from '../storage/postgres/seededDays.js';
import { createProgress } from '../seed/progress.js';
import { seedStore } from '../seed/seedStore.js';
import type { Store } from '../storage/ports.js';
import { createPostgresStore } from '../storage/postgres/createPostgresStore.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';

const USAGE = `Usage: npm run seed -- [--perf N] [--hits N] [--days N] [--seed N] [--database-url URL] [--now MS] [--batch N] [--concurrency N] [--manifest FILE]

  --perf          performance reports to generate (default 100000)
  --hits          analytics hits to generate (default 200000)
  --days          days before now to spread them over (default 30)
  --seed          random seed; the same seed gives the same data and ids (default 1)
  --database-url  a PostgreSQL store (DATABASE_URL likewise) instead of the SQLite file in DATA_DIR
  --now           the end of the seeded period, epoch ms (default now)
  --batch         items per transaction (default 5000 on PostgreSQL, 20000 on SQLite)
  --concurrency   transactions in flight at once (default 2 on PostgreSQL, 1 on SQLite)
  --manifest      write the items seeded per minute to this JSON file (what benchmarks check counts against)`;

const count = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${text}`);
  return value;
};

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      perf: { type: 'string' },
      hits: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      now: { type: 'string' },
      batch: { type: 'string' },
      concurrency: { type: 'string' },
      manifest: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const days = count(values.days, 30, 'days');
  if (days < 1 || days > 397) throw new Error('--days must be 1..397');
  const databaseUrl = values['database-url'] || process.env.DATABASE_URL;
  // Measured on the 2-core machine: PostgreSQL seeds about 12% faster in 5,000-item
  // transactions than in 20,000-item ones (two in flight); SQLite gains from fewer fsyncs.
  const batchSize = count(values.batch, databaseUrl ? 5_000 : 20_000, 'batch');
  if (batchSize < 1) throw new Error('--batch must be at least 1');
  const now = values.now === undefined ? Date.now() : count(values.now, 0, 'now');
  const { store, where } = await openStore(databaseUrl);
  try {
    if (databaseUrl) await makeSeededDays(databaseUrl, now - days * DAY_MS, now);
    const result = await seedStore(store, {
      perf: count(values.perf, 100_000, 'perf'),
      hits: count(values.hits, 200_000, 'hits'),
      days,
      now,
      batchSize,
      concurrency: count(values.concurrency, databaseUrl ? 2 : 1, 'concurrency'),
      seed: count(values.seed, 1, 'seed'),
      progress: (kind, total) => createProgress(kind === 'perf' ? 'perf reports' : 'analytics hits', total),
    });
    if (values.manifest) writeFileSync(values.manifest, JSON.stringify({ perf: result.perf, hits: result.hits, days, ms: result.ms, timeline: result.timeline }));
    const perSecond = Math.round((result.perf + result.hits) / Math.max(0.001, result.ms / 1000));
    console.log(`seeded ${where}: ${result.perf} perf reports, ${result.hits} analytics hits over ${days} days in ${(result.ms / 1000).toFixed(1)} s (${perSecond} items/s)`);
  } finally {
    await store.close();
  }
  return 0;
}

/** PostgreSQL when a URL is given, else the SQLite file the server uses in DATA_DIR. */
async function openStore(databaseUrl: string | undefined): Promise<{ store: Store; where: string }> {
  if (databaseUrl) return { store: await createPostgresStore({ url: databaseUrl }), where: `${describeUrl(databaseUrl)}${new URL(databaseUrl).pathname}` };
  const dataDir = process.env.DATA_DIR || defaultPaths.dataDir;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'tarmac.db');
  return { store: createSqliteStore({ file }), where: file };
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    process.exitCode = 2;
  },
);
