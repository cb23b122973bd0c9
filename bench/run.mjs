// `npm run bench`: every benchmark, one after the other, figures printed as measured. Needs
// `npm run build` first. Each pair prints `tarmac · peer · ratio` (ratio = tarmac / peer, under 1
// means Tarmac costs less); every benchmark checks that the work really happened before it
// returns a figure, and throws otherwise.
import { benchLoggerInBrowser, describeLogger } from './loggerBrowser.mjs';
import { benchPageCost, describePageCost } from './pageCost.mjs';
import { benchPerfIngest } from './perfIngest.mjs';
import { benchServerIngest } from './serverIngest.mjs';
import { benchSignalsCost } from './signalsCost.mjs';

const line = (tarmac, peer, digits = 2) => `tarmac ${tarmac.toFixed(digits)} · peer ${peer.toFixed(digits)} · ratio ${(tarmac / peer).toFixed(2)}`;

// Benchmarks other files own, loaded only if they exist and export what is called, so one still
// being written does not stop the rest.
async function optional(file, name) {
  try {
    const module = await import(file);
    if (typeof module[name] === 'function') return module[name];
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  console.log(`(${file} has no ${name}() yet: skipped)`);
  return undefined;
}

console.log(`Tarmac benchmarks, ${new Date().toISOString().slice(0, 10)}, Chromium via playwright-core`);
console.log('');
console.log(describeLogger(await benchLoggerInBrowser()).join('\n'));

const benchTcDecode = await optional('./tcDecode.mjs', 'benchTcDecode');
if (benchTcDecode) {
  const tc = await benchTcDecode();
  console.log('TC string decoding, decodeTcString vs @iabtechlabtcf/core TCString.decode, Chromium, µs per 200 strings:');
  console.log(`  range-encoded vendors:  ${line(tc.range.tarmac, tc.range.peer, 0)}`);
  console.log(`  bit-field vendors:      ${line(tc.bitfield.tarmac, tc.bitfield.peer, 0)}`);
  console.log(`  bit fields, new max id: ${line(tc.bitfieldVaried.tarmac, tc.bitfieldVaried.peer, 0)}`);
}

const benchFirstTcloaded = await optional('./firstTcloaded.mjs', 'benchFirstTcloaded');
if (benchFirstTcloaded) {
  const t = await benchFirstTcloaded();
  console.log(`page start → first tcloaded, returning visitor, demo page vs IAB stub + cmpapi fed over a request, Chromium, ms (median of ${t.rounds} interleaved rounds):`);
  console.log(`  ${line(t.tarmac, t.peer, 1)}`);
}

const benchMessages = await optional('./messages.mjs', 'benchMessages');
if (benchMessages) {
  const m = await benchMessages();
  console.log(`ICU messages, createMessages().format vs intl-messageformat, Chromium, µs per call (median of ${m.rounds} interleaved rounds):`);
  console.log(`  ${line(m.tarmac, m.peer, 3)}`);
}

const benchDates = await optional('./dates.mjs', 'benchDates');
if (benchDates) {
  const d = await benchDates();
  console.log(`Spanish dates, dateLocale('es') vs moment + es, Chromium, µs per call (median of ${d.rounds} interleaved rounds):`);
  console.log(`  ${line(d.tarmac, d.peer, 3)}`);
}

console.log(describePageCost(await benchPageCost()).join('\n'));

const signals = await benchSignalsCost();
console.log(`browser signals, collectSignals() vs FingerprintJS load().get(), Chromium, median of ${signals.runs} alternating fresh pages:`);
console.log(`  wall ms:          ${line(signals.signals.wallMs, signals.fingerprintjs.wallMs, 1)}`);
console.log(`  longest task ms:  ${line(signals.signals.longestTaskMs, signals.fingerprintjs.longestTaskMs, 1)}`);
console.log(`  blocking ms:      tarmac ${signals.signals.blockingMs.toFixed(0)} · peer ${signals.fingerprintjs.blockingMs.toFixed(0)}`);

const benchIngestDurability = await optional('./ingestDurability.mjs', 'benchIngestDurability');
if (benchIngestDurability) {
  const { describeIngestDurability } = await import('./ingestDurability.mjs');
  console.log(describeIngestDurability(await benchIngestDurability()).join('\n'));
}

console.log('');
console.log('server (Tarmac only, no peer):');
const ingest = await benchServerIngest();
console.log(`  client-log ingest, ${ingest.concurrency} concurrent loops × ${ingest.batchSize}-message batches for ${ingest.seconds.toFixed(1)} s:`);
console.log(`    ${ingest.requestsPerSecond} requests/s, ${ingest.messagesPerSecond} messages/s stored, ${ingest.failures} failures`);
console.log(`    latency p50 ${ingest.latencyMs.p50} ms, p95 ${ingest.latencyMs.p95} ms, p99 ${ingest.latencyMs.p99} ms`);
const perf = await benchPerfIngest();
console.log(`  perf report ingest, ${perf.concurrency} concurrent loops of form-encoded reports for ${perf.seconds.toFixed(1)} s:`);
console.log(`    ${perf.reportsPerSecond} reports/s stored, ${perf.failures} failures; latency p50 ${perf.latencyMs.p50} ms, p95 ${perf.latencyMs.p95} ms, p99 ${perf.latencyMs.p99} ms`);
console.log(`    console vitals summary over the ${perf.summary.reports} stored reports: ${perf.summary.ms} ms`);

const benchScaleIngest = await optional('./scaleIngest.mjs', 'benchScaleIngest');
if (benchScaleIngest) {
  const { describeScaleIngest } = await import('./scaleIngest.mjs');
  console.log(describeScaleIngest(await benchScaleIngest()).join('\n'));
}

// Last, since it seeds 30 million items per engine at the sizes (BENCH_PERF, BENCH_HITS,
// BENCH_DAYS make it smaller; BENCH_STORE_DIR keeps the seeded stores for the next run). Alone:
// `npm run bench:rollups`.
const benchRollups = await optional('./rollups.mjs', 'benchRollups');
if (benchRollups) {
  const { describeRollups } = await import('./rollups.mjs');
  console.log('');
  console.log(describeRollups(await benchRollups()).join('\n'));
}
