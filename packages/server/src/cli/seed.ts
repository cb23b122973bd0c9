// `npm run seed -- --perf 10000000 --hits 20000000 --days 30`: fills a store with generated
// traffic (realistic per-page distributions) for benchmarks and for trying the console. Progress
// goes to stderr; the summary line to stdout.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultPaths } from '../paths.js';
import { createProgress } from '../seed/progress.js';
import { seedStore } from '../seed/seedStore.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';

const USAGE = `Usage: npm run seed -- [--perf N] [--hits N] [--days N] [--seed N] [--database-url URL]

  --perf          performance reports to generate (default 100000)
  --hits          analytics hits to generate (default 200000)
  --days          days before now to spread them over (default 30)
  --seed          random seed; the same seed gives the same data and ids (default 1)
  --database-url  a PostgreSQL store instead of the SQLite file in DATA_DIR`;

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
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values['database-url']) {
    console.error('This build has no PostgreSQL store yet; seed the SQLite file (leave out --database-url).');
    return 2;
  }
  const days = count(values.days, 30, 'days');
  if (days < 1 || days > 397) throw new Error('--days must be 1..397');
  const dataDir = process.env.DATA_DIR || defaultPaths.dataDir;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'tarmac.db');
  const store = createSqliteStore({ file });
  try {
    const result = await seedStore(store, {
      perf: count(values.perf, 100_000, 'perf'),
      hits: count(values.hits, 200_000, 'hits'),
      days,
      seed: count(values.seed, 1, 'seed'),
      progress: (kind, total) => createProgress(kind === 'perf' ? 'perf reports' : 'analytics hits', total),
    });
    console.log(`seeded ${file}: ${result.perf} perf reports, ${result.hits} analytics hits over ${days} days in ${(result.ms / 1000).toFixed(1)} s`);
  } finally {
    await store.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    process.exitCode = 2;
  },
);
