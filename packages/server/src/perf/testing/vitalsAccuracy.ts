import type { FastifyInstance } from 'fastify';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../rollups/timeGrid.js';
import { logNormal, seededRandom } from '../../seed/syntheticTraffic.js';
import type { Store } from '../../storage/ports.js';
import { consoleAuth } from '../../testing/testApp.js';
import { NT_COUNT_FIELDS, NT_TIME_FIELDS, VITALS } from '../contract.js';
import type { PerfReport, VitalField } from '../contract.js';
import type { MetricSummary } from '../vitalsStats.js';

const FIELDS = Object.keys(VITALS) as VitalField[];
/** Six pages, each its own log-normal median per metric (CLS unitless, the rest in ms). */
const PAGES = Array.from({ length: 6 }, (_, i) => ({ vertical: ['flights', 'hotels', 'cars'][i % 3]!, pageId: i < 3 ? 'home' : 'results', subPageId: 'main', scale: 1 + i * 0.35 }));
const MEDIANS: Record<VitalField, number> = { wv_lcp: 1800, wv_cls: 0.04, wv_inp: 120, wv_fid: 8, wv_fcp: 900, wv_ttfb: 250 };
const SIGMA: Record<VitalField, number> = { wv_lcp: 0.5, wv_cls: 1.1, wv_inp: 0.8, wv_fid: 0.9, wv_fcp: 0.45, wv_ttfb: 0.6 };
const NO_TIMING = Object.fromEntries([...NT_TIME_FIELDS, ...NT_COUNT_FIELDS].map((f) => [f, null])) as PerfReport['timing'];

/** The generated values, column-wise so a million of them stay small: page, receive time, each vital (NaN when absent). */
interface Generated {
  page: Uint8Array;
  at: Float64Array;
  values: Float64Array[];
}

/**
 * Writes `count` reports spread evenly over five whole days ending yesterday (so every rollup
 * level still holds them), through `writeBatch` in batches of `batchSize`, and keeps their values.
 */
export async function writeGenerated(store: Store, count: number, batchSize: number, now = Date.now()): Promise<Generated & { first: number }> {
  const random = seededRandom(11);
  const first = Math.floor(now / DAY_MS) * DAY_MS - 6 * DAY_MS;
  const step = (5 * DAY_MS) / count;
  const generated: Generated = { page: new Uint8Array(count), at: new Float64Array(count), values: FIELDS.map(() => new Float64Array(count)) };
  for (let start = 0; start < count; start += batchSize) {
    const batch: PerfReport[] = [];
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const pageIndex = Math.floor(random() * PAGES.length);
      const page = PAGES[pageIndex]!;
      const receivedAt = first + Math.floor(i * step);
      const vitals = Object.fromEntries(
        FIELDS.map((field) => [field, field === 'wv_inp' && random() < 0.3 ? null : logNormal(random, MEDIANS[field] * page.scale, SIGMA[field])]),
      ) as PerfReport['vitals'];
      generated.page[i] = pageIndex;
      generated.at[i] = receivedAt;
      FIELDS.forEach((field, f) => (generated.values[f]![i] = vitals[field] ?? Number.NaN));
      batch.push({ id: `acc-${i}`, receivedAt, url: null, ...page, pageTag: null, userAgent: null, navStart: null, protocol: null, timing: NO_TIMING, vitals, nav: 'hard', attribution: null });
    }
    await store.ingest.writeBatch(batch.map((report) => ({ kind: 'perf', report })));
  }
  return { ...generated, first };
}

/** Nearest-rank percentiles (each 0..1) of the values picked by `keep` (NaN = absent, left out). */
function exact(values: Float64Array, keep: (i: number) => boolean, ps: readonly number[]): Array<number | null> {
  const picked: number[] = [];
  for (let i = 0; i < values.length; i++) if (keep(i) && !Number.isNaN(values[i]!)) picked.push(values[i]!);
  const sorted = Float64Array.from(picked).sort();
  return ps.map((p) => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : null));
}

const QUANTILES = [['p75', 0.75], ['p90', 0.9], ['p99', 0.99]] as const;

/** One comparison of an answered percentile with the exact one, and whether it is within 1 %. */
export interface Check {
  where: string;
  answered: number | null;
  exact: number | null;
  ok: boolean;
}

/**
 * Asks the console API (summary, pages, timeline, through the real routes) for a window that
 * starts and ends mid-hour, and compares every p75/p90/p99 it answers with the exact nearest-rank
 * value of the generated reports it covers. Returns every comparison and the reports counted.
 */
export async function checkAgainstConsole(app: FastifyInstance, data: Generated & { first: number }): Promise<{ checks: Check[]; counted: number; inWindow: number }> {
  const from = data.first + 3 * HOUR_MS + 17 * MINUTE_MS;
  const to = data.first + 5 * DAY_MS - 2 * HOUR_MS - 5 * MINUTE_MS;
  const get = async <T>(path: string): Promise<T> => (await app.inject({ url: `/console/api/vitals/${path}&from=${from}&to=${to}`, headers: consoleAuth })).json();
  const inWindow = (i: number) => data.at[i]! >= from && data.at[i]! < to;
  const checks: Check[] = [];
  const compare = (where: string, metrics: MetricSummary[], keep: (i: number) => boolean) => {
    FIELDS.forEach((field, f) => {
      const metric = metrics.find((m) => m.name === VITALS[field])!;
      const truths = exact(data.values[f]!, keep, QUANTILES.map(([, p]) => p));
      for (const [q, [key]] of QUANTILES.entries()) {
        const truth = truths[q] ?? null;
        const answered = metric[key];
        // 1 % is the sketch's bound; the 1e-9 covers the float rounding of a value on a bucket edge.
        const ok = truth === null ? answered === null : answered !== null && Math.abs(answered - truth) <= truth * (0.01 + 1e-9);
        checks.push({ where: `${where} ${VITALS[field]} ${key}`, answered, exact: truth, ok });
      }
    });
  };
  const summary = await get<{ count: number; metrics: MetricSummary[] }>('summary?');
  compare('summary', summary.metrics, inWindow);
  const { pages } = await get<{ pages: Array<{ vertical: string; pageId: string; metrics: MetricSummary[] }> }>('pages?');
  for (const page of pages) {
    const index = PAGES.findIndex((p) => p.vertical === page.vertical && p.pageId === page.pageId);
    compare(`page ${page.vertical}/${page.pageId}`, page.metrics, (i) => data.page[i] === index && inWindow(i));
  }
  const timeline = await get<{ bucketMs: number; buckets: Array<{ start: number; metrics: MetricSummary[] }> }>('timeline?');
  for (const bucket of timeline.buckets) {
    const keep = (i: number) => inWindow(i) && data.at[i]! >= bucket.start && data.at[i]! < bucket.start + timeline.bucketMs;
    compare(`bucket ${new Date(bucket.start).toISOString()}`, bucket.metrics, keep);
  }
  let counted = 0;
  for (let i = 0; i < data.at.length; i++) if (inWindow(i)) counted++;
  return { checks, counted: summary.count, inWindow: counted };
}
