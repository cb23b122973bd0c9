import { GVL, PurposeRestriction, TCModel, TCString } from '@iabtechlabtcf/core';

// Test-only: varied TC strings made by the IAB reference library. The platform's unit tests
// import this file (by path) to check the compact browser decoder against core, which the
// platform itself must not depend on.

/** A small deterministic PRNG, so a failing case can be reproduced from its seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A GVL with `count` vendors. Odd and even vendors declare purposes 7 and 8 on different legal
 * bases, so that core keeps publisher restrictions of all three types (it drops a restriction a
 * vendor's declarations do not allow, and "require LI" needs a flexible consent purpose).
 */
export function syntheticGvl(count: number): GVL {
  const purposes = Object.fromEntries(range(1, 11).map((id) => [id, { id, name: `P${id}`, description: '', illustrations: [] }]));
  const vendors = Object.fromEntries(
    range(1, count).map((id) => [
      id,
      {
        id,
        name: `Vendor ${id}`,
        purposes: id % 2 ? [1, 3, 4] : [1, 3, 4, 7, 8],
        legIntPurposes: id % 2 ? [2, 7, 8, 9, 10] : [2, 9, 10],
        flexiblePurposes: [2, 7, 8, 9, 10],
        specialPurposes: [1],
        features: [],
        specialFeatures: [1],
        cookieMaxAgeSeconds: 100,
        usesCookies: true,
        cookieRefresh: false,
        usesNonCookieAccess: false,
        dataRetention: { stdRetention: 30, purposes: {}, specialPurposes: {} },
        urls: [],
        dataDeclaration: [],
      },
    ]),
  );
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 42,
    tcfPolicyVersion: 5,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes,
    specialPurposes: { 1: { id: 1, name: 'SP1', description: '', illustrations: [] } },
    features: {},
    specialFeatures: { 1: { id: 1, name: 'SF1', description: '' }, 2: { id: 2, name: 'SF2', description: '' } },
    stacks: {},
    dataCategories: {},
    vendors,
  } as never);
}

const pick = (random: () => number, ids: number[], share: number) => ids.filter(() => random() < share);
const randomInt = (random: () => number, from: number, to: number) => from + Math.floor(random() * (to - from + 1));

/**
 * What a string must contain, for tests and benchmarks that need each encoding for sure. Core
 * picks the shorter of a bit field and a range list for every vendor section, so the shape of
 * the vendor sets decides which one a string gets.
 */
export interface TcStringShape {
  /**
   * 'runs': a few contiguous runs of vendors, which core encodes as ranges (once there are more
   * than 45 vendors); 'scattered': a third to two thirds of all vendors at random, a bit field.
   */
  vendors: 'runs' | 'scattered';
  /** How many purposes get publisher restrictions, each of one type, over a run and single vendors. */
  restrictedPurposes: number;
  /** Whether the disclosed vendors segment lists vendors (core writes it empty otherwise). */
  disclosed: boolean;
}

function shapedVendors(random: () => number, vendorCount: number, kind: TcStringShape['vendors']): number[] {
  const vendors = range(1, vendorCount);
  if (kind === 'scattered') return pick(random, vendors, randomInt(random, 33, 67) / 100);
  // Few enough runs that the range list stays shorter than the bit field; the first run starts in
  // the upper half, so the highest id is past 45 once there are 90 vendors (core takes the bit
  // field for anything shorter).
  const runs = randomInt(random, 1, Math.max(1, Math.floor(vendorCount / 60)));
  const ids = new Set<number>();
  for (let i = 0; i < runs; i++) {
    const first = randomInt(random, i ? 1 : Math.ceil(vendorCount / 2), vendorCount);
    for (const id of range(first, Math.min(vendorCount, first + randomInt(random, 0, 59)))) ids.add(id);
  }
  return [...ids];
}

// Distinct purposes, so no vendor gets two restriction types for one purpose (the TCF forbids it).
function addRestrictions(model: TCModel, random: () => number, vendorCount: number, purposes: number) {
  const shuffled = range(1, 10)
    .map((id) => ({ id, key: random() }))
    .sort((a, b) => a.key - b.key);
  for (const { id: purposeId } of shuffled.slice(0, purposes)) {
    const restriction = new PurposeRestriction(purposeId, randomInt(random, 0, 2));
    const first = randomInt(random, 1, vendorCount);
    const run = range(first, Math.min(vendorCount, first + randomInt(random, 1, 15)));
    const singles = Array.from({ length: 3 }, () => randomInt(random, 1, vendorCount));
    for (const vendorId of [...run, ...singles]) model.publisherRestrictions.add(vendorId, restriction);
  }
}

/**
 * Encodes one random TCModel with core. Without a shape, vendor densities and restrictions are
 * drawn at random; with one, the string has the vendor encoding, restrictions and disclosed
 * vendors the shape asks for.
 */
export function randomTcString(gvl: GVL, random: () => number, vendorCount: number, shape?: TcStringShape): string {
  const model = new TCModel(gvl);
  model.cmpId = 2 + Math.floor(random() * 4000);
  model.cmpVersion = Math.floor(random() * 4000);
  model.consentScreen = Math.floor(random() * 63);
  model.isServiceSpecific = random() < 0.8;
  model.useNonStandardTexts = random() < 0.5;
  model.purposeOneTreatment = random() < 0.3;
  model.publisherCountryCode = random() < 0.5 ? 'ES' : 'DE';
  const vendors = range(1, vendorCount);
  if (shape) {
    model.vendorConsents.set(shapedVendors(random, vendorCount, shape.vendors));
    model.vendorLegitimateInterests.set(shapedVendors(random, vendorCount, shape.vendors));
  } else {
    // Dense, sparse and contiguous vendor sets, so both the bit field and the range encoding occur.
    const density = [0.02, 0.5, 0.97][Math.floor(random() * 3)] as number;
    model.vendorConsents.set(pick(random, vendors, density));
    model.vendorLegitimateInterests.set(pick(random, vendors, density));
  }
  model.purposeConsents.set(pick(random, range(1, 11), 0.5));
  model.purposeLegitimateInterests.set(pick(random, range(1, 11), 0.5));
  model.specialFeatureOptins.set(pick(random, [1, 2], 0.5));
  model.publisherConsents.set(pick(random, range(1, 11), 0.5));
  model.publisherLegitimateInterests.set(pick(random, range(1, 11), 0.5));
  const custom = Math.floor(random() * 5);
  if (custom) {
    model.numCustomPurposes = custom;
    model.publisherCustomConsents.set(pick(random, range(1, custom), 0.5));
    model.publisherCustomLegitimateInterests.set(pick(random, range(1, custom), 0.5));
  }
  if (shape) {
    addRestrictions(model, random, vendorCount, shape.restrictedPurposes);
    if (shape.disclosed) model.vendorsDisclosed.set(shapedVendors(random, vendorCount, shape.vendors));
    return TCString.encode(model);
  }
  for (const vendorId of pick(random, vendors, 0.05)) {
    model.publisherRestrictions.add(vendorId, new PurposeRestriction(2 + Math.floor(random() * 9), Math.floor(random() * 3)));
  }
  // TCF 2.3: the DisclosedVendors segment, mostly the whole list, sometimes a part of it.
  model.vendorsDisclosed.set(random() < 0.7 ? vendors : pick(random, vendors, 0.5));
  return TCString.encode(model);
}

/** Consent data (the wire shape of docs/consent.md) around a fresh random TC string. */
export function sampleConsentData<T extends object>(overrides: T = {} as T, seed = 99) {
  const random = sampleRandom ?? (sampleRandom = seededRandom(seed));
  return {
    tcString: randomTcString(sampleGvl ?? (sampleGvl = syntheticGvl(20)), random, 20),
    cmpId: 300,
    cmpVersion: 1,
    gdprApplies: true,
    tcfPolicyVersion: 5,
    gvlVersion: 42,
    ...overrides,
  };
}
let sampleGvl: GVL | undefined;
let sampleRandom: (() => number) | undefined;

/** The signals of {@link consentDataWith}, by id. */
export interface ChosenSignals {
  purposeConsents?: number[];
  purposeLegitimateInterests?: number[];
  vendorConsents?: number[];
  vendorLegitimateInterests?: number[];
  specialFeatureOptins?: number[];
  /** The vendors the banner showed; all 20 when absent. */
  disclosedVendors?: number[];
}

/**
 * Consent data around a TC string with exactly these signals (on the 20-vendor synthetic list),
 * for tests that start a UI from a known choice rather than a random one.
 */
export function consentDataWith<T extends object>(signals: ChosenSignals, overrides: T = {} as T) {
  const model = new TCModel(sampleGvl ?? (sampleGvl = syntheticGvl(20)));
  model.cmpId = 300;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  model.purposeConsents.set(signals.purposeConsents ?? []);
  model.purposeLegitimateInterests.set(signals.purposeLegitimateInterests ?? []);
  model.vendorConsents.set(signals.vendorConsents ?? []);
  model.vendorLegitimateInterests.set(signals.vendorLegitimateInterests ?? []);
  model.specialFeatureOptins.set(signals.specialFeatureOptins ?? []);
  model.vendorsDisclosed.set(signals.disclosedVendors ?? range(1, 20));
  return { tcString: TCString.encode(model), cmpId: 300, cmpVersion: 1, gdprApplies: true, tcfPolicyVersion: 5, gvlVersion: 42, ...overrides };
}
