// Benchmark: the main-thread cost of reporting one caught error in Chromium, the built logger's
// `logger.error(new Error(text))` (packages/platform/dist/logger, as the site loads it) beside
// `Sentry.captureException(new Error(text))` of @sentry/browser (bundled for the page with
// esbuild, initialised with its default integrations), in one page. Every call gets a distinct
// text, so neither side can fold it into an earlier one. Rounds alternate between the sides
// (the side going first alternates too); calls are timed in synchronous bursts (the page's clock
// ticks in 100 µs steps), and after each burst both deliver everything, so every burst starts
// from the same state. Not a test: it prints figures, it asserts nothing about speed.
//
// The timed part is the calls plus the start of sending what they queued: Sentry serialises an
// event and starts its fetch inside captureException, while the logger sends on a timer, so its
// flush() is called inside the timed part (up to its first await it encodes the first body and
// starts the fetch). Two burst sizes, since the two drop differently under a flood:
// - bursts of 1,000: the logger's queue holds 60 KB, so it pushes out its oldest messages
//   (counted, reported as `queue_full`); Sentry serialises and sends the first 40 events and its
//   full transport buffer refuses the rest after building them (counted as `queue_overflow` in
//   a client report). Both still build every message; what differs is which ones they keep.
// - 20 bursts of 25: under both caps, every call is delivered.
//
// Before any figure is returned, it checks both sides really did the work, from what reached
// the page's routes (a side that quietly skipped calls would look fast):
// - Tarmac: the occurrences of every message received plus every drop count received (bodies
//   and the exit beacon, each drop report once by id) must equal the calls made.
// - Sentry: beforeSend must have seen one event per call, and the events in received envelopes
//   plus the error events its client report says it discarded must equal the calls made. Its Dedupe
//   integration stays on: it only drops an event equal to the one before, and no two texts are.
//
// Both run in one page, so each sees the other's footprint: Sentry's Breadcrumbs wrap fetch
// (the logger's sends go through Sentry's wrapper and become breadcrumbs, cleared before each
// Sentry burst) and BrowserApiErrors wraps setTimeout (which the logger calls once per burst).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleForPage, launchChromium, median } from './lib/browser.mjs';

const dist = new URL('../packages/platform/dist/', import.meta.url).pathname;
const origin = 'http://bench.local';
const calls = Number(process.env.BENCH_CALLS || 1000);
const rounds = Number(process.env.BENCH_ROUNDS || 9);
// Small bursts stay under both sides' caps (Sentry's 40 requests in flight, the logger's 60 KB
// queue), so every call is delivered; 20 per round, as one burst is a few ms on a 100 µs clock.
const smallSize = 25;
const smallBursts = 20;
const sentryVersion = JSON.parse(await readFile(new URL('../node_modules/@sentry/browser/package.json', import.meta.url))).version;

// Runs in the page. Returns per-round µs per call and what each side counted on its own.
async function measureInPage({ calls, rounds, smallBursts, smallSize }) {
  const Sentry = await import('/sentry.js');
  const { createLogger } = await import('/dist/logger/index.js');
  let sentryProcessed = 0;
  Sentry.init({
    // A DSN on this origin: the page's route answers 200, so Sentry builds and sends envelopes.
    dsn: `${location.protocol}//public@${location.host}/1`,
    beforeSend(event) {
      sentryProcessed++;
      return event;
    },
  });
  const logger = createLogger({ product: 'bench' });
  let n = 0; // one counter for all calls: no text repeats, across rounds and sides
  const sides = {
    tarmac: () => logger.error(new Error('Search failed for request ' + n++)),
    sentry: () => Sentry.captureException(new Error('Search failed for request ' + n++)),
    tarmacSame: () => logger.error(new Error('Payment failed for booking 4711')),
  };
  const made = { tarmac: 0, sentry: 0, tarmacSame: 0 };
  // `bursts` bursts of `size` calls, each followed by delivery of everything. Timed: the calls
  // and the start of sending what they queued. Sentry starts its fetches inside
  // captureException; the logger sends on its timer, so its flush() is called inside the
  // timed part (up to its first await it encodes the first body and starts its fetch).
  const round = async (side, bursts, size) => {
    const call = sides[side];
    let ms = 0;
    for (let b = 0; b < bursts; b++) {
      // Sentry keeps the last 100 breadcrumbs and sends them with every event: a breadcrumb per
      // earlier event and per request the page made, the logger's included. Each burst starts
      // as on a page that has reported nothing yet, so Sentry's events are as small as they
      // would be there (the bench's own history would otherwise make each ~17 KB).
      if (side === 'sentry') Sentry.getIsolationScope().clearBreadcrumbs();
      const t0 = performance.now();
      for (let i = 0; i < size; i++) call();
      const sending = side === 'sentry' ? undefined : logger.flush();
      ms += performance.now() - t0;
      made[side] += size;
      await sending;
      await Promise.all([logger.flush(), Sentry.flush(5000)]);
      // Chromium frees a keepalive request's share of its 64 KiB quota a little after the fetch
      // settles; without a pause, one burst's requests would be refused for the last's.
      await new Promise((r) => setTimeout(r, 50));
    }
    return (ms * 1000) / (bursts * size);
  };
  // Warm-up, untimed but counted: both sides measured after the JIT compiled them.
  for (const side of ['tarmac', 'sentry', 'tarmacSame']) await round(side, 1, calls);
  const times = { flood: { tarmac: [], sentry: [] }, small: { tarmac: [], sentry: [] }, tarmacSame: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ['sentry', 'tarmac'] : ['tarmac', 'sentry'];
    for (const side of order) times.flood[side].push(await round(side, 1, calls));
    for (const side of order) times.small[side].push(await round(side, smallBursts, smallSize));
  }
  for (let r = 0; r < rounds; r++) times.tarmacSame.push(await round('tarmacSame', 1, calls));
  // The last counts leave at page exit: the logger's exit beacon on pagehide, Sentry's client
  // report when the page turns hidden (its buffer drained first, or the report would be refused).
  await logger.flush();
  window.dispatchEvent(new Event('pagehide'));
  await Sentry.flush(5000);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  await Sentry.flush(5000);
  return { times, made, sentryProcessed };
}

/**
 * µs per call in Chromium, medians of interleaved rounds: `{tarmac, peer, ratio, same, …}` where
 * `same` is Tarmac alone with one message repeated (folded into occurrences while it waits).
 */
export async function benchLoggerInBrowser() {
  const sentry = await bundleForPage("export { init, captureException, flush, getIsolationScope } from '@sentry/browser';");
  const received = {
    tarmac: { occurrences: 0, dropped: {}, reports: new Set(), bodies: 0, beacons: 0 },
    sentry: { events: 0, discarded: {}, envelopes: 0 },
  };
  const onTarmacBody = (request) => {
    const body = JSON.parse(request.postData());
    const got = received.tarmac;
    got.bodies++;
    if (request.resourceType() === 'ping') got.beacons++;
    for (const message of body.messages) got.occurrences += message.occurrences;
    // The server counts a report once by its id (a retried body carries the same one).
    if (body.dropped && !got.reports.has(body.dropped.id)) {
      got.reports.add(body.dropped.id);
      for (const [reason, count] of Object.entries(body.dropped.counts)) got.dropped[reason] = (got.dropped[reason] ?? 0) + count;
    }
  };
  const onEnvelope = (request) => {
    // An envelope: a header line, then an item header line and a payload line per item.
    const lines = request.postData().split('\n');
    const got = received.sentry;
    got.envelopes++;
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const { type } = JSON.parse(lines[i]);
      const payload = JSON.parse(lines[i + 1]);
      if (type === 'event') {
        // Counted only when it carries one of the texts the page passed in.
        if (/^Search failed for request \d+$/.test(payload.exception?.values?.[0]?.value)) got.events++;
      }
      if (type === 'client_report') {
        for (const { reason, category, quantity } of payload.discarded_events) {
          const key = `${reason}:${category}`;
          got.discarded[key] = (got.discarded[key] ?? 0) + quantity;
        }
      }
    }
  };

  const browser = await launchChromium();
  let result;
  try {
    const page = await browser.newPage();
    await page.route(`${origin}/**`, async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/dist/')) return route.fulfill({ body: await readFile(join(dist, path.slice(6))), contentType: 'text/javascript' });
      if (path === '/sentry.js') return route.fulfill({ body: sentry, contentType: 'text/javascript' });
      if (path === '/log/client/messages') {
        onTarmacBody(request);
        return route.fulfill({ body: '{}', contentType: 'application/json' });
      }
      if (path === '/api/1/envelope/') {
        onEnvelope(request);
        return route.fulfill({ body: '{}', contentType: 'application/json' });
      }
      return route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' });
    });
    await page.goto(`${origin}/`);
    result = await page.evaluate(measureInPage, { calls, rounds, smallBursts, smallSize });
    // Beacons and the last fetches may still be on their way to the routes.
    const tarmacCalls = result.made.tarmac + result.made.tarmacSame;
    const tarmacAccounted = () => received.tarmac.occurrences + Object.values(received.tarmac.dropped).reduce((a, b) => a + b, 0);
    // Every error event Sentry gave up is in its client report, by reason (`queue_overflow` for
    // the full buffer, `network_error` for a fetch the browser refused).
    const sentryDiscarded = () => Object.entries(received.sentry.discarded).reduce((sum, [key, n]) => sum + (key.endsWith(':error') ? n : 0), 0);
    const sentryAccounted = () => received.sentry.events + sentryDiscarded();
    for (let i = 0; i < 100 && (tarmacAccounted() < tarmacCalls || sentryAccounted() < result.made.sentry); i++) await page.waitForTimeout(50);

    // The work really happened, or no figure.
    if (tarmacAccounted() !== tarmacCalls) {
      throw new Error(`Tarmac: ${tarmacCalls} calls, but ${received.tarmac.occurrences} occurrences + drops ${JSON.stringify(received.tarmac.dropped)} reached the endpoint`);
    }
    const otherReasons = Object.keys(received.tarmac.dropped).filter((reason) => reason !== 'queue_full');
    if (otherReasons.length) throw new Error(`Tarmac dropped messages for ${otherReasons}, not only under the burst`);
    if (result.sentryProcessed !== result.made.sentry) throw new Error(`Sentry: ${result.made.sentry} calls, beforeSend saw ${result.sentryProcessed}`);
    if (sentryAccounted() !== result.made.sentry) {
      throw new Error(`Sentry: ${result.made.sentry} calls, but ${received.sentry.events} events + discarded ${JSON.stringify(received.sentry.discarded)} reached the endpoint`);
    }
  } finally {
    await browser.close();
  }
  const tarmac = median(result.times.flood.tarmac);
  const peer = median(result.times.flood.sentry);
  const small = { tarmac: median(result.times.small.tarmac), peer: median(result.times.small.sentry) };
  return {
    tarmac, peer, ratio: tarmac / peer, small: { ...small, ratio: small.tarmac / small.peer }, same: median(result.times.tarmacSame),
    calls, rounds, smallSize, smallBursts, sentryVersion,
    checks: {
      tarmac: {
        calls: result.made.tarmac + result.made.tarmacSame, occurrencesReceived: received.tarmac.occurrences,
        dropped: received.tarmac.dropped, bodies: received.tarmac.bodies, beacons: received.tarmac.beacons,
      },
      sentry: {
        calls: result.made.sentry, beforeSend: result.sentryProcessed, eventsReceived: received.sentry.events,
        discarded: received.sentry.discarded, envelopes: received.sentry.envelopes,
      },
    },
  };
}

/** The lines `npm run bench` prints for this pair. */
export function describeLogger(r) {
  const t = r.checks.tarmac;
  const s = r.checks.sentry;
  return [
    `logger.error vs Sentry.captureException (@sentry/browser ${r.sentryVersion}, default integrations), Chromium, µs per call`,
    `  (distinct messages, sending started included), median of ${r.rounds} interleaved rounds:`,
    `  bursts of ${r.calls} (both drop under the flood):  tarmac ${r.tarmac.toFixed(2)} · sentry ${r.peer.toFixed(2)} · ratio ${r.ratio.toFixed(2)}`,
    `  ${r.smallBursts} bursts of ${r.smallSize} (all delivered):        tarmac ${r.small.tarmac.toFixed(2)} · sentry ${r.small.peer.toFixed(2)} · ratio ${r.small.ratio.toFixed(2)}`,
    `  tarmac only, same message repeated, bursts of ${r.calls}: ${r.same.toFixed(2)}`,
    `  checked at the routes (all bursts, warm-up included):`,
    `    tarmac ${t.calls} calls = ${t.occurrencesReceived} occurrences received + drops reported ${JSON.stringify(t.dropped)} (${t.bodies} bodies, ${t.beacons} by beacon)`,
    `    sentry ${s.calls} calls = ${s.beforeSend} seen by beforeSend = ${s.eventsReceived} events received + client report ${JSON.stringify(s.discarded)} (${s.envelopes} envelopes)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeLogger(await benchLoggerInBrowser()).join('\n'));
}
