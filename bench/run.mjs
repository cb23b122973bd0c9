// `npm run bench`: every benchmark, figures printed as measured. Needs `npm run build` first.
import { benchLoggerInBrowser } from './loggerBrowser.mjs';
import { benchPerfIngest } from './perfIngest.mjs';
import { benchServerIngest } from './serverIngest.mjs';
import { benchSignalsCost } from './signalsCost.mjs';

const logger = await benchLoggerInBrowser();
console.log('logger.error() in Chromium, µs per call (median of rounds / best round):');
console.log(`  same message repeated:  ${logger.same.median.toFixed(2)} / ${logger.same.best.toFixed(2)}`);
console.log(`  distinct messages:      ${logger.distinct.median.toFixed(2)} / ${logger.distinct.best.toFixed(2)}`);
const ingest = await benchServerIngest();
console.log(`server ingest, ${ingest.concurrency} concurrent loops × ${ingest.batchSize}-message batches for ${ingest.seconds.toFixed(1)} s:`);
console.log(`  ${ingest.requestsPerSecond} requests/s, ${ingest.messagesPerSecond} messages/s stored, ${ingest.failures} failures`);
console.log(`  latency p50 ${ingest.latencyMs.p50} ms, p95 ${ingest.latencyMs.p95} ms, p99 ${ingest.latencyMs.p99} ms`);
const signals = await benchSignalsCost();
const row = (r) => `wall ${r.wallMs.toFixed(1)} ms, longest task ${r.longestTaskMs.toFixed(1)} ms, blocking ${r.blockingMs.toFixed(0)} ms`;
console.log(`browser signals in Chromium, median of ${signals.runs} fresh pages:`);
console.log(`  collectSignals():              ${row(signals.signals)}`);
console.log(`  FingerprintJS load().get():    ${row(signals.fingerprintjs)}`);
const perf = await benchPerfIngest();
console.log(`perf report ingest, ${perf.concurrency} concurrent loops of form-encoded reports for ${perf.seconds.toFixed(1)} s:`);
console.log(`  ${perf.reportsPerSecond} reports/s stored, ${perf.failures} failures; latency p50 ${perf.latencyMs.p50} ms, p95 ${perf.latencyMs.p95} ms, p99 ${perf.latencyMs.p99} ms`);
console.log(`  console vitals summary over the ${perf.summary.reports} stored reports: ${perf.summary.ms} ms`);
