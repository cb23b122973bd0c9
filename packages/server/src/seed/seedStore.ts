import type { IngestItem, Store } from '../storage/ports.js';
import { DAY_MS } from '../rollups/timeGrid.js';
import type { Progress } from './progress.js';
import { seededRandom, syntheticHit, syntheticReport } from './syntheticTraffic.js';

/** How much traffic to generate, and over which days. */
export interface SeedOptions {
  perf: number;
  hits: number;
  days: number;
  /** The end of the period (now by default); data is spread over the `days` before it. */
  now?: number;
  /** Items per `writeBatch` call, i.e. per transaction. */
  batchSize?: number;
  /** The random seed: the same one gives the same data. */
  seed?: number;
  progress?: (kind: 'perf' | 'hits', total: number) => Progress;
}

const HITS_PER_BODY = 10;

/**
 * Fills a store with generated traffic through its ingest port, exactly as writers do, so the
 * rollups are maintained the same way: `perf` reports and `hits` analytics hits spread evenly
 * over `days`, in time order, many thousand items per transaction (a transaction per item would
 * make 10 million reports take hours). Ids are derived from the seed and the item's position, so
 * seeding twice with the same options adds nothing the second time.
 */
export async function seedStore(store: Store, options: SeedOptions): Promise<{ perf: number; hits: number; ms: number }> {
  const started = Date.now();
  const end = options.now ?? Date.now();
  const start = end - options.days * DAY_MS;
  const batchSize = options.batchSize ?? 20_000;
  const seed = options.seed ?? 1;
  const random = seededRandom(seed);
  const timeOf = (i: number, total: number) => Math.floor(start + ((i + random()) / total) * (end - start));

  const perfProgress = options.progress?.('perf', options.perf);
  for (let i = 0; i < options.perf; ) {
    const items: IngestItem[] = [];
    for (; items.length < batchSize && i < options.perf; i++) {
      items.push({ kind: 'perf', report: syntheticReport(random, timeOf(i, options.perf), `seed${seed}-p${i}`) });
    }
    await store.ingest.writeBatch(items);
    perfProgress?.update(i);
  }
  perfProgress?.finish();

  const hitProgress = options.progress?.('hits', options.hits);
  for (let i = 0; i < options.hits; ) {
    const items: IngestItem[] = [];
    for (; items.length * HITS_PER_BODY < batchSize && i < options.hits; ) {
      const hits = [];
      for (let k = 0; k < HITS_PER_BODY && i < options.hits; k++, i++) {
        hits.push(syntheticHit(random, timeOf(i, options.hits), `seed${seed}-h${i}`));
      }
      items.push({ kind: 'analytics', hits });
    }
    await store.ingest.writeBatch(items);
    hitProgress?.update(i);
  }
  hitProgress?.finish();
  return { perf: options.perf, hits: options.hits, ms: Date.now() - started };
}
