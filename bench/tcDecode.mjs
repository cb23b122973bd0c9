// Benchmark: decoding TC strings in Chromium, Tarmac's `decodeTcString` (the built consent entry)
// beside `TCString.decode` of @iabtechlabtcf/core 1.5 (bundled for the page with esbuild), on the
// same page, over three sets of 200 TCF 2.3 strings (policy version 5, a DisclosedVendors segment
// listing vendors) made by core itself from a 1,200-vendor list: vendor sections that core encodes
// as ranges (1 to 20 runs, 270 vendors on average, highest id about 1,100), sections it encodes as
// bit fields (a third to two thirds of all vendors at random), and bit fields again with a
// different highest vendor id in every string — the decoder copies an all-false object per id
// count it has seen (bitReader.ts), and this set gives it no count twice in a row to reuse. Each
// string has 0-3 restricted purposes and a publisher TC segment. Not a test: it prints figures,
// it asserts nothing about speed.
//
// What each side does per string, so the figures compare the same work:
// - Tarmac: reads every segment (core, disclosed vendors, publisher TC) and builds plain objects
//   id → flag for purposes, vendors (consent, LI, disclosed) and the restriction map.
// - core: `TCString.decode` is eager: SegmentEncoder.decode runs every field's decoder of every
//   segment into a new TCModel, each vendor section becoming a Vector (a Set of ids) and the
//   restrictions a PurposeRestrictionVector; nothing is decoded later on access. The check below
//   reads those vectors on both sides before any timing, and throws unless every string decodes
//   to the same sets.
import { build } from 'esbuild';
import { withPeerPage } from './lib/browser.mjs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const rounds = Number(process.env.BENCH_ROUNDS || 15);
const passes = 4;
const perSet = 200;
const vendorCount = 1200;

// The test generator (TypeScript, core inside), bundled for this Node process.
async function loadGenerator() {
  const out = await build({
    entryPoints: [join(root, 'packages/server/src/consent/testing/generateTcStrings.ts')],
    bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].contents).toString('base64')}`);
}

async function peerBundle() {
  const out = await build({
    stdin: { contents: "export { TCString } from '@iabtechlabtcf/core';", resolveDir: root, loader: 'js' },
    bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

// Three sets of strings from core; each string's vendor sections are checked to use the encoding
// its set is named for (a bit field takes exactly 16 + 1 + maxId bits), and to be a TCF 2.3 string.
async function stringSets() {
  const { randomTcString, seededRandom, syntheticGvl } = await loadGenerator();
  const { TCString } = await import('@iabtechlabtcf/core');
  const gvl = syntheticGvl(vendorCount);
  const sets = {};
  const kinds = [['range', 'runs', () => vendorCount], ['bitfield', 'scattered', () => vendorCount], ['bitfieldVaried', 'scattered', (i) => vendorCount - i]];
  for (const [name, vendors, countOf] of kinds) {
    const random = seededRandom(name.length);
    sets[name] = Array.from({ length: perSet }, (_, i) => {
      const tcString = randomTcString(gvl, random, countOf(i), { vendors, restrictedPurposes: i % 4, disclosed: true });
      const model = TCString.decode(tcString);
      for (const vector of [model.vendorConsents, model.vendorLegitimateInterests, model.vendorsDisclosed]) {
        if ((vector.bitLength === 17 + vector.maxId) !== (vendors === 'scattered')) throw new Error(`${name} set, string ${i}: other encoding`);
      }
      if (model.policyVersion !== 5 || !model.vendorsDisclosed.size) throw new Error(`${name} set, string ${i}: not a TCF 2.3 string`);
      return tcString;
    });
  }
  const highest = new Set(sets.bitfieldVaried.map((s) => TCString.decode(s).vendorConsents.maxId));
  if (highest.size < perSet / 2) throw new Error(`bitfieldVaried set: only ${highest.size} different highest vendor ids`);
  return sets;
}

// Runs in the page.
async function measureInPage({ sets, rounds, passes }) {
  const { decodeTcString } = await import('/dist/consent/index.js');
  const { TCString } = await import('/peer.js');
  const trueIds = (flags) => Object.keys(flags).filter((id) => flags[id]).join();
  const vectorIds = (vector) => [...vector.values()].sort((a, b) => a - b).join();
  const restrictionsOfModel = (model) => {
    const map = {};
    for (const r of model.publisherRestrictions.getRestrictions()) {
      for (const id of model.publisherRestrictions.getVendors(r)) (map[r.purposeId] ??= {})[id] = r.restrictionType;
    }
    return JSON.stringify(map);
  };
  const restrictionsOfOurs = (restrictions) => {
    const map = {};
    for (const [purpose, vendors] of Object.entries(restrictions)) if (Object.keys(vendors).length) map[purpose] = vendors;
    return JSON.stringify(map);
  };
  for (const [name, strings] of Object.entries(sets)) {
    strings.forEach((tcString, i) => {
      const ours = decodeTcString(tcString);
      const model = TCString.decode(tcString);
      const pairs = [
        [ours.policyVersion, model.policyVersion],
        [ours.created, model.created.getTime()],
        [trueIds(ours.purposeConsents), vectorIds(model.purposeConsents)],
        [trueIds(ours.purposeLegitimateInterests), vectorIds(model.purposeLegitimateInterests)],
        [trueIds(ours.vendorConsents), vectorIds(model.vendorConsents)],
        [trueIds(ours.vendorLegitimateInterests), vectorIds(model.vendorLegitimateInterests)],
        [trueIds(ours.disclosedVendors), vectorIds(model.vendorsDisclosed)],
        [trueIds(ours.specialFeatureOptins), vectorIds(model.specialFeatureOptins)],
        [trueIds(ours.publisherConsents), vectorIds(model.publisherConsents)],
        [trueIds(ours.publisherLegitimateInterests), vectorIds(model.publisherLegitimateInterests)],
        [trueIds(ours.customConsents), vectorIds(model.publisherCustomConsents)],
        [restrictionsOfOurs(ours.restrictions), restrictionsOfModel(model)],
      ];
      const differs = pairs.findIndex(([a, b]) => a !== b);
      if (differs >= 0) throw new Error(`${name} string ${i} decodes differently (field ${differs}): ${tcString}`);
    });
  }
  // µs per pass over the set, timed over several passes: the page's clock ticks in 100 µs steps.
  // Each side keeps its last result, so no call can be dropped as unused.
  const kept = [];
  const time = (decode, strings) => {
    let last;
    const t0 = performance.now();
    for (let pass = 0; pass < passes; pass++) for (let i = 0; i < strings.length; i++) last = decode(strings[i]);
    const micros = ((performance.now() - t0) * 1000) / passes;
    kept[0] = last;
    return micros;
  };
  const tarmac = (s) => decodeTcString(s);
  const peer = (s) => TCString.decode(s);
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const results = {};
  for (const [name, strings] of Object.entries(sets)) {
    // warm-up, so both sides are measured compiled by the JIT
    for (let i = 0; i < 3; i++) {
      time(tarmac, strings);
      time(peer, strings);
    }
    const times = { tarmac: [], peer: [] };
    for (let r = 0; r < rounds; r++) {
      times.tarmac.push(time(tarmac, strings));
      times.peer.push(time(peer, strings));
    }
    const t = median(times.tarmac);
    const p = median(times.peer);
    results[name] = { tarmac: t, peer: p, ratio: t / p };
  }
  return results;
}

/** Medians in µs per 200 strings: `{range, bitfield, bitfieldVaried}`, each `{tarmac, peer, ratio}`. */
export async function benchTcDecode() {
  const [sets, peer] = await Promise.all([stringSets(), peerBundle()]);
  return withPeerPage(peer, async (page) => {
    return await page.evaluate(measureInPage, { sets, rounds, passes });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchTcDecode();
  console.log('TC string decoding in Chromium, µs per 200 strings (median of rounds):');
  for (const [name, { tarmac, peer, ratio }] of Object.entries(r)) {
    console.log(`  ${name.padEnd(14)} tarmac ${tarmac.toFixed(0)}, @iabtechlabtcf/core ${peer.toFixed(0)}, ratio ${ratio.toFixed(2)}`);
  }
}
