// Benchmark: formatting compiled ICU messages in Chromium, the built `@tarmac/platform/i18n`
// (`createMessages` made once, `format(id, values)` many times) beside intl-messageformat
// (`new IntlMessageFormat(text, locale)` made once, `.format(values)` many times), on the same
// page with the same travel-site messages and values in English and Spanish. Both sides' outputs
// are compared first: a fast figure for different output would be worthless. Rounds alternate
// between the two sides so drift in the machine's speed hits both alike. Not a test: it prints
// figures, it asserts nothing about speed.
import { build } from 'esbuild';
import { withPeerPage } from './lib/browser.mjs';

const root = new URL('../', import.meta.url).pathname;
const rounds = Number(process.env.BENCH_ROUNDS || 15);
const valueSets = Number(process.env.BENCH_VALUES || 200);

// What a search results page, a hotel page and a checkout say, with plural, select, ordinal,
// offset, `=n`, `#` and number styles.
const MESSAGES = {
  en: {
    'results.count': '{count, plural, =0 {No flights found} one {# flight found} other {# flights found}} from {origin} to {destination}',
    'hotel.stay': '{nights, plural, one {# night} other {# nights}} at {hotel}, from {price, number} per night',
    'hotel.deal': 'Save {discount, number, percent} when you book {days, plural, one {# day} other {# days}} ahead',
    'trip.guests': '{guests, plural, offset:1 =0 {Nobody yet} =1 {Just you} one {You and # guest} other {You and # guests}}',
    'trip.booked': '{gender, select, female {She} male {He} other {They}} booked {count, plural, one {a room} other {# rooms}} in {city}',
    'trip.stop': 'Your {stop, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} stop is {city}',
    'cart.total': 'Total {total, number, integer} for {passengers, plural, one {# passenger} other {# passengers}}',
  },
  es: {
    'results.count': '{count, plural, =0 {No hay vuelos} one {# vuelo encontrado} other {# vuelos encontrados}} de {origin} a {destination}',
    'hotel.stay': '{nights, plural, one {# noche} other {# noches}} en {hotel}, desde {price, number} por noche',
    'hotel.deal': 'Ahorra un {discount, number, percent} reservando con {days, plural, one {# día} other {# días}} de antelación',
    'trip.guests': '{guests, plural, offset:1 =0 {Nadie todavía} =1 {Solo tú} one {Tú y # invitado} other {Tú y # invitados}}',
    'trip.booked': '{cabin, select, business {Business} premium {Turista Premium} other {Turista}}: {passengers, plural, one {# pasajero} other {# pasajeros}}',
    'trip.stop': 'Tu {stop, selectordinal, other {#.ª}} parada es {city}',
    'cart.total': 'Total {total, number, integer} € por {passengers, plural, one {# pasajero} many {# de pasajeros} other {# pasajeros}}',
  },
};

// Deterministic values: counts around the plural boundaries, prices with decimals, big totals.
function makeValues(count) {
  const cities = ['Madrid', 'Lisboa', 'Porto', 'New York', 'Málaga', 'Bilbao'];
  const rows = [];
  for (let i = 0; i < count; i++) {
    const n = i % 25 === 24 ? 1000000 + i : i % 23;
    rows.push({
      count: n, nights: (i % 14) + 1, guests: i % 6, passengers: (i % 9) + 1, days: i % 31, stop: (i % 24) + 1,
      price: 49.5 + i * 3.25, discount: (i % 40) / 100, total: 1234.56 * (i + 1),
      origin: cities[i % 6], destination: cities[(i + 1) % 6], city: cities[(i + 2) % 6], hotel: `Hotel ${i}`,
      gender: ['female', 'male', 'other'][i % 3], cabin: ['business', 'premium', 'economy'][i % 3],
    });
  }
  return rows;
}

async function peerBundle() {
  const result = await build({
    stdin: { contents: "export { IntlMessageFormat } from 'intl-messageformat';", resolveDir: root, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, platform: 'browser', target: 'es2020', logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

// Runs in the page: checks both sides agree, then times alternating rounds.
async function measureInPage({ messages, values, rounds }) {
  const { createMessages } = await import('/dist/i18n/index.js');
  const { IntlMessageFormat } = await import('/peer.js');
  const jobs = [];
  for (const [locale, strings] of Object.entries(messages)) {
    const tarmac = createMessages({ locale, strings });
    for (const [id, text] of Object.entries(strings)) {
      const peer = new IntlMessageFormat(text, locale);
      jobs.push({ id, locale, tarmac: (v) => tarmac.format(id, v), peer: (v) => peer.format(v) });
    }
  }
  for (const job of jobs) {
    for (const v of values) {
      const ours = job.tarmac(v);
      const theirs = job.peer(v);
      if (ours !== theirs) throw new Error(`${job.locale} ${job.id}: tarmac ${JSON.stringify(ours)} ≠ intl-messageformat ${JSON.stringify(theirs)}`);
    }
  }
  const calls = jobs.length * values.length;
  let sink = 0;
  const round = (side) => {
    const t0 = performance.now();
    for (const job of jobs) {
      const format = job[side];
      for (let i = 0; i < values.length; i++) sink += format(values[i]).length;
    }
    return ((performance.now() - t0) * 1000) / calls;
  };
  const times = { tarmac: [], peer: [] };
  for (let r = 0; r < rounds; r++) {
    // Alternate which side goes first, so neither always runs on a warmer (or hotter) machine.
    const order = r % 2 ? ['peer', 'tarmac'] : ['tarmac', 'peer'];
    for (const side of order) times[side].push(round(side));
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return { tarmac: median(times.tarmac), peer: median(times.peer), calls, sink };
}

/** µs per format call in Chromium, medians of interleaved rounds: `{tarmac, peer, ratio}`. */
export async function benchMessages() {
  const peer = await peerBundle();
  return withPeerPage(peer, async (page) => {
    const { tarmac, peer: theirs, calls } = await page.evaluate(measureInPage, { messages: MESSAGES, values: makeValues(valueSets), rounds });
    return { tarmac, peer: theirs, ratio: tarmac / theirs, callsPerRound: calls, rounds };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchMessages();
  console.log(`ICU messages in Chromium, µs per format call (median of ${r.rounds} interleaved rounds of ${r.callsPerRound} calls):`);
  console.log(`  tarmac createMessages:    ${r.tarmac.toFixed(3)}`);
  console.log(`  intl-messageformat:       ${r.peer.toFixed(3)}`);
  console.log(`  ratio tarmac / peer:      ${r.ratio.toFixed(2)}`);
}
