// Benchmark: Spanish dates in Chromium, the built `@tarmac/platform/i18n` `dateLocale('es')`
// beside moment 2.30.1 with its `es` locale, on the same page: `format(date, pattern)` over the
// moment-style patterns a travel site uses, then `fromNow` and `calendar` across many dates
// seen from one fixed "now" (so both sides answer the same question). Both sides' outputs are
// compared first, and rounds alternate between the sides. Not a test: it prints figures.
import { build } from 'esbuild';
import { withPeerPage } from './lib/browser.mjs';

const root = new URL('../', import.meta.url).pathname;
const rounds = Number(process.env.BENCH_ROUNDS || 15);
const dateCount = Number(process.env.BENCH_DATES || 300);

const PATTERNS = [
  'D [de] MMMM [de] YYYY', 'dddd, D MMM', 'ddd D MMM YYYY, H:mm', 'HH:mm', 'YYYY-MM-DD', 'DD/MM/YYYY',
  'L', 'LL', 'LLLL', 'llll', 'Do MMMM', 'MMMM YYYY',
];

async function momentBundle() {
  // 'moment' and the locale's require('../moment') resolve to the same CommonJS file, so the
  // `es` locale is registered on the instance the page uses.
  const result = await build({
    stdin: { contents: "import moment from 'moment'; import 'moment/locale/es'; export default moment;", resolveDir: root, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, platform: 'browser', target: 'es2020', logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

// Runs in the page: checks both sides agree, then times alternating rounds.
async function measureInPage({ patterns, dateCount, rounds }) {
  const { dateLocale } = await import('/dist/i18n/index.js');
  const { default: moment } = await import('/peer.js');
  moment.locale('es');
  const es = dateLocale('es');
  const now = new Date(2026, 4, 14, 10, 30).getTime();
  // Dates from seconds to years around now, both ways, with odd minutes and hours.
  const spans = [7e3, 5e4, 9e5, 4e6, 3e7, 9e7, 3e8, 2e9, 9e9, 4e10];
  const dates = Array.from({ length: dateCount }, (_, i) => now + (i % 2 ? -1 : 1) * spans[i % spans.length] * (1 + (i % 7) / 3) + i * 61e3);
  const jobs = [
    ...patterns.map((pattern) => ({ name: `format ${pattern}`, tarmac: (d) => es.format(d, pattern), peer: (d) => moment(d).format(pattern) })),
    { name: 'fromNow', tarmac: (d) => es.fromNow(d, now), peer: (d) => moment(d).from(now) },
    { name: 'calendar', tarmac: (d) => es.calendar(d, now), peer: (d) => moment(d).calendar(now) },
  ];
  for (const job of jobs) {
    for (const d of dates) {
      const ours = job.tarmac(d);
      const theirs = job.peer(d);
      if (ours !== theirs) throw new Error(`${job.name} of ${new Date(d).toISOString()}: tarmac ${JSON.stringify(ours)} ≠ moment ${JSON.stringify(theirs)}`);
    }
  }
  const calls = jobs.length * dates.length;
  let sink = 0;
  const round = (side) => {
    const t0 = performance.now();
    for (const job of jobs) {
      const run = job[side];
      for (let i = 0; i < dates.length; i++) sink += run(dates[i]).length;
    }
    return ((performance.now() - t0) * 1000) / calls;
  };
  const times = { tarmac: [], peer: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ['peer', 'tarmac'] : ['tarmac', 'peer'];
    for (const side of order) times[side].push(round(side));
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return { tarmac: median(times.tarmac), peer: median(times.peer), calls, sink };
}

/** µs per date call in Chromium, medians of interleaved rounds: `{tarmac, peer, ratio}`. */
export async function benchDates() {
  const peer = await momentBundle();
  return withPeerPage(peer, async (page) => {
    const { tarmac, peer: theirs, calls } = await page.evaluate(measureInPage, { patterns: PATTERNS, dateCount, rounds });
    return { tarmac, peer: theirs, ratio: tarmac / theirs, callsPerRound: calls, rounds };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchDates();
  console.log(`Spanish dates in Chromium, µs per call (median of ${r.rounds} interleaved rounds of ${r.callsPerRound} calls):`);
  console.log(`  tarmac dateLocale('es'):  ${r.tarmac.toFixed(3)}`);
  console.log(`  moment + es:              ${r.peer.toFixed(3)}`);
  console.log(`  ratio tarmac / peer:      ${r.ratio.toFixed(2)}`);
}
