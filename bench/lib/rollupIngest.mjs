// What maintaining the rollups costs at ingest: two servers on fresh stores of one engine, one
// with TARMAC_ROLLUPS=off, loaded in interleaved rounds by the same client loops with the same
// traffic (perf reports and 10-hit analytics bodies, alternating), in one ingest mode: direct
// (routes write the store) or JetStream (routes publish, the server's writer stores). Afterwards
// each store must hold exactly what it acknowledged, or no figure is returned.
import { cpuMs, drain, startSide } from './rollupIngestSide.mjs';
import { trafficBodies } from './trafficBodies.mjs';

const SIDES = ['on', 'off'];
const SETTLE_MS = 10_000;

/** `read()` once it gives `expected`, or what it gives after SETTLE_MS; undefined without `read`. */
async function settled(read, expected) {
  if (!read) return undefined;
  const deadline = performance.now() + SETTLE_MS;
  for (;;) {
    const value = await read();
    if (value === expected || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `concurrency` loops posting alternately a perf report and an analytics body for `seconds`. */
async function round(url, bodies, { seconds, concurrency }) {
  const done = { requests: 0, perf: 0, hits: 0, failures: [], seconds: 0 };
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      if (sent++ % 2 === 0) {
        const response = await fetch(`${url}/s/run/perf`, {
          method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: bodies.perf(),
        });
        const text = await response.text();
        if (response.status === 204) done.perf++;
        else done.failures.push(`perf ${response.status} ${text.slice(0, 120)}`);
      } else {
        const { body, hits } = bodies.analytics();
        const response = await fetch(`${url}/a/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await response.text();
        if (response.ok) done.hits += hits;
        else done.failures.push(`analytics ${response.status} ${text.slice(0, 120)}`);
      }
      done.requests++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  done.seconds = (performance.now() - t0) / 1000;
  return done;
}

/**
 * Rollups on vs off for `engine` ('sqlite' | 'postgres') in `mode` ('direct' | 'jetstream'):
 * requests/s and server CPU ms per request of each side over all rounds, their ratios, and the
 * median throughput ratio of neighbouring rounds (less moved by a burst of load elsewhere on a
 * shared machine). In JetStream mode a reply only means NATS has the item, so each round lasts
 * until the writer has stored everything acknowledged (the rows counted in PostgreSQL): the rate
 * is of items written, not queued. The warm-up rounds count towards the stored totals only.
 */
export async function ingestOnOff(engine, { rounds, roundSeconds, concurrency, mode = 'direct' }) {
  const sides = {};
  try {
    for (const name of SIDES) sides[name] = { ...(await startSide(engine, name, mode)), totals: { requests: 0, seconds: 0, cpuMs: 0, drainSeconds: 0 } };
    const acknowledged = { on: { perf: 0, hits: 0 }, off: { perf: 0, hits: 0 } };
    const run = async (name, seed, seconds) => {
      const side = sides[name];
      const cpuBefore = cpuMs(side.pid);
      const r = await round(side.url, trafficBodies(seed, `${name}${mode}${seed}`), { seconds, concurrency });
      if (r.failures.length > 0) throw new Error(`rollups ${name}: ${r.failures.length} requests failed, first: ${r.failures[0]}`);
      acknowledged[name].perf += r.perf;
      acknowledged[name].hits += r.hits;
      r.drainSeconds = mode === 'jetstream' ? (await drain(side, acknowledged[name])) / 1000 : 0;
      r.seconds += r.drainSeconds;
      r.cpuMs = cpuMs(side.pid) - cpuBefore;
      return r;
    };
    // A discarded pair of full rounds first, so neither side's first measured round follows a
    // shorter warm-up than the other's (a round leaves work behind: checkpoints, GC, vacuum).
    for (const name of SIDES) await run(name, 0, roundSeconds);
    const pairRatios = [];
    for (let i = 1; i <= rounds; i++) {
      const rate = {};
      for (const name of i % 2 === 1 ? SIDES : [...SIDES].reverse()) {
        const r = await run(name, i, roundSeconds);
        const t = sides[name].totals;
        t.requests += r.requests;
        t.seconds += r.seconds;
        t.cpuMs += r.cpuMs;
        t.drainSeconds += r.drainSeconds;
        rate[name] = r.requests / r.seconds;
      }
      pairRatios.push(rate.on / rate.off);
    }
    const result = { engine, mode, rounds, roundSeconds, concurrency };
    for (const name of SIDES) {
      const stored = await sides[name].stored();
      const expected = acknowledged[name];
      if (stored.perf !== expected.perf || stored.hits !== expected.hits) {
        throw new Error(`rollups ${name}: acknowledged ${expected.perf} reports and ${expected.hits} hits but stored ${stored.perf} and ${stored.hits}`);
      }
      // The work measured really happened: with rollups on, every stored report is counted once.
      // Direct ingest on PostgreSQL adds pending stats to the rollups within a second or so
      // (perfPendingRollups.ts), so the count may still be catching up for a moment.
      const rolledUp = await settled(sides[name].rolledUp, name === 'on' ? stored.perf : 0);
      if (rolledUp !== undefined && rolledUp !== (name === 'on' ? stored.perf : 0)) {
        throw new Error(`rollups ${name}: ${stored.perf} reports stored but ${rolledUp} counted in the minute rollups`);
      }
      const t = sides[name].totals;
      result[name] = {
        requestsPerSecond: t.requests / t.seconds, cpuMsPerRequest: t.cpuMs / t.requests, perfStored: stored.perf, hitsStored: stored.hits,
        drainSecondsPerRound: t.drainSeconds / rounds,
      };
    }
    result.ratio = result.on.requestsPerSecond / result.off.requestsPerSecond;
    result.cpuRatio = result.on.cpuMsPerRequest / result.off.cpuMsPerRequest;
    result.medianPairRatio = pairRatios.sort((a, b) => a - b)[Math.floor(pairRatios.length / 2)];
    return result;
  } finally {
    for (const side of Object.values(sides)) await side.stop();
  }
}
