// The console's reads as its dashboards make them on open (apps/console/src/<section>/*Api.ts,
// for the sections of apps/console/src/sections/sections.tsx that take a time window), timed
// against a running server. Before any timing, the counts the summaries answer must equal what
// the seed wrote into the same windows.
import { cpuMs } from './rollupIngestSide.mjs';
import { seededIn } from './seededStores.mjs';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The windows the issue asks for, each ending now. */
export const WINDOWS = [
  { label: '24 h', ms: DAY_MS },
  { label: '7 d', ms: 7 * DAY_MS },
  { label: '30 d', ms: 30 * DAY_MS },
];

/** Every windowed request a section sends when it opens, with the query it adds to from/to. */
export const CONSOLE_READS = [
  { name: 'vitals summary', path: '/vitals/summary' },
  { name: 'vitals pages', path: '/vitals/pages' },
  { name: 'vitals timeline', path: '/vitals/timeline' },
  { name: 'vitals distribution', path: '/vitals/distribution', query: 'metric=LCP' },
  // "What to fix" (issue 24): each metric's attribution for the whole site and for one page (the
  // view's reads are a page's; the API also answers for the site).
  ...['LCP', 'INP', 'CLS'].flatMap((metric) => [
    { name: `attribution site ${metric}`, path: '/vitals/attribution', query: `metric=${metric}` },
    { name: `attribution page ${metric}`, path: '/vitals/attribution', query: `metric=${metric}&vertical=flights&pageId=results&subPageId=list` },
  ]),
  // The Browser filter (issue 23): one family's rows, beside the page rows every read above uses.
  { name: 'vitals summary WebKit', path: '/vitals/summary', query: 'browser=webkit' },
  { name: 'vitals timeline Chromium', path: '/vitals/timeline', query: 'browser=chromium' },
  { name: 'analytics summary', path: '/analytics/summary' },
  { name: 'analytics timeline', path: '/analytics/timeline' },
  { name: 'analytics paths (views)', path: '/analytics/paths', query: 'type=pageview&limit=15' },
  { name: 'analytics paths (events)', path: '/analytics/paths', query: 'type=event&limit=15' },
  { name: 'delivery drops', path: '/drops' },
  { name: 'signals summary', path: '/signals/summary' },
  { name: 'consent summary', path: '/consent/summary' },
];

export async function getJson(url, path, token) {
  const response = await fetch(`${url}/console/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body);
}

const windowQuery = (from, to, extra) => `?from=${from}&to=${to}${extra ? `&${extra}` : ''}`;

/**
 * Checks the summaries against the seed: for each window, aligned to whole hours (the grain
 * every rollup level shares, so no store has to guess inside a minute or an hour), the vitals
 * summary's report count and the analytics summary's page views + events must equal what the
 * seed's manifest says it wrote there, and the LCP attribution must name an element for every
 * report with an LCP (the seed gives each one). Throws on the first difference.
 */
export async function checkSummaryCounts(url, token, manifest, now = Date.now()) {
  const to = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const checked = [];
  for (const window of WINDOWS) {
    const from = to - window.ms;
    const vitals = await getJson(url, `/vitals/summary${windowQuery(from, to)}`, token);
    const analytics = await getJson(url, `/analytics/summary${windowQuery(from, to)}`, token);
    const answered = { perf: vitals.count, hits: analytics.totals.pageViews + analytics.totals.events };
    for (const kind of ['perf', 'hits']) {
      const expected = seededIn(manifest, kind, from, to);
      if (answered[kind] !== expected) {
        throw new Error(`${window.label}: the ${kind === 'perf' ? 'vitals' : 'analytics'} summary counts ${answered[kind]} but ${expected} were seeded in that window`);
      }
    }
    // The seed's attribution must be in the rollups, or the attribution reads would time nothing:
    // every LCP of the window attributed to one of the seed's elements.
    const attribution = await getJson(url, `/vitals/attribution${windowQuery(from, to, 'metric=LCP')}`, token);
    const attributed = attribution.offenders.filter((o) => o.kind === 'element').reduce((sum, o) => sum + o.count, 0);
    if (attributed !== attribution.reports || (expected(manifest, from, to) > 0 && attributed === 0)) {
      throw new Error(`${window.label}: the LCP attribution names ${attributed} elements for ${attribution.reports} reports`);
    }
    checked.push({ window: window.label, ...answered });
  }
  return checked;
}

const expected = (manifest, from, to) => seededIn(manifest, 'perf', from, to);

const median = (sorted) => sorted[Math.floor((sorted.length - 1) / 2)];

/**
 * Each read for each window ending at the moment of the call (as the console sends it): one
 * warm-up call, then `calls` timed ones one after the other; median and max in ms. `only`: just
 * the reads whose name contains one of its comma-separated parts. With the server's `pid`, also
 * the server process's CPU time per call (user + system from /proc, 10 ms ticks summed over the
 * calls): on a machine shared with other work the wall time mostly measures the wait for a core.
 */
export async function timeConsoleReads(url, token, { calls, only, pid }) {
  const rows = [];
  const wanted = only ? only.split(',') : undefined;
  for (const window of WINDOWS) {
    for (const read of CONSOLE_READS.filter((r) => !wanted || wanted.some((part) => r.name.includes(part)))) {
      const once = async () => {
        const now = Date.now();
        const t0 = performance.now();
        await getJson(url, `${read.path}${windowQuery(now - window.ms, now, read.query)}`, token);
        return performance.now() - t0;
      };
      await once();
      const times = [];
      const cpuBefore = pid ? cpuMs(pid) : 0;
      for (let i = 0; i < calls; i++) times.push(await once());
      const cpuMsPerCall = pid ? (cpuMs(pid) - cpuBefore) / calls : undefined;
      times.sort((a, b) => a - b);
      rows.push({ window: window.label, read: read.name, medianMs: median(times), maxMs: times[times.length - 1], cpuMsPerCall });
    }
  }
  return rows;
}
