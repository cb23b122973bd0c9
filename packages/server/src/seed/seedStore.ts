import type { IngestItem } from '../ingest/contract.js';
import type { Store } from '../storage/ports.js';
import { DAY_MS } from '../rollups/timeGrid.js';
import type { Progress } from './progress.js';
import { seededRandom, syntheticHit, syntheticReport, withAttribution } from './syntheticTraffic.js';
import { createTimeline } from './seedTimeline.js';
import type { SeedTimeline } from './seedTimeline.js';

/** How much traffic to generate, and over which days. */
export interface SeedOptions {
  perf: number;
  hits: number;
  days: number;
  /** The end of the period (now by default); data is spread over the `days` before it. */
  now?: number;
  /** Items per `writeBatch` call, i.e. per transaction. */
  batchSize?: number;
  /**
   * Transactions in flight at once (1 by default): PostgreSQL spends most of a batch's time in
   * the server, so a second connection keeps another core busy; SQLite serialises them anyway.
   */
  concurrency?: number;
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
export async function seedStore(store: Store, options: SeedOptions): Promise<{ perf: number; hits: number; ms: number; timeline: SeedTimeline }> {
  const started = Date.now();
  const end = options.now ?? Date.now();
  const start = end - options.days * DAY_MS;
  const batchSize = options.batchSize ?? 20_000;
  const seed = options.seed ?? 1;
  const random = seededRandom(seed);
  const timeline = createTimeline(start, end);
  const timeOf = (kind: 'perf' | 'hits', i: number, total: number) => {
    const time = Math.floor(start + ((i + random()) / total) * (end - start));
    timeline.add(kind, time);
    return time;
  };

  const writer = boundedWriter(store, options.concurrency ?? 1);

  const perfProgress = options.progress?.('perf', options.perf);
  for (let i = 0; i < options.perf; ) {
    const items: IngestItem[] = [];
    for (; items.length < batchSize && i < options.perf; i++) {
      items.push({ kind: 'perf', report: withAttribution(syntheticReport(random, timeOf('perf', i, options.perf), `seed${seed}-p${i}`), i) });
    }
    const upTo = i;
    await writer.write(items, () => perfProgress?.update(upTo));
  }
  await writer.drain();
  perfProgress?.finish();

  const hitProgress = options.progress?.('hits', options.hits);
  for (let i = 0; i < options.hits; ) {
    const items: IngestItem[] = [];
    for (; items.length * HITS_PER_BODY < batchSize && i < options.hits; ) {
      const hits = [];
      for (let k = 0; k < HITS_PER_BODY && i < options.hits; k++, i++) {
        hits.push(syntheticHit(random, timeOf('hits', i, options.hits), `seed${seed}-h${i}`));
      }
      items.push({ kind: 'analytics', hits });
    }
    const upTo = i;
    await writer.write(items, () => hitProgress?.update(upTo));
  }
  await writer.drain();
  hitProgress?.finish();
  const { firstMinute, perf, hits } = timeline;
  return { perf: options.perf, hits: options.hits, ms: Date.now() - started, timeline: { firstMinute, perf, hits } };
}

/**
 * `writeBatch` with at most `limit` calls in flight: `write` returns once the batch is under
 * way (waiting for a free slot first), `drain` once every batch is stored; the first failure
 * is thrown by whichever of the two comes next.
 */
function boundedWriter(store: Store, limit: number) {
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const rethrow = () => {
    if (failure) throw failure.error;
  };
  return {
    async write(items: IngestItem[], stored: () => void): Promise<void> {
      while (inFlight.size >= Math.max(1, limit)) await Promise.race(inFlight);
      rethrow();
      // Never rejects: a failure is kept and thrown by the next write or by drain.
      const done: Promise<void> = store.ingest
        .writeBatch(items)
        .then(stored, (error: unknown) => void (failure ??= { error }))
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    },
    async drain(): Promise<void> {
      await Promise.all(inFlight);
      rethrow();
    },
  };
}
