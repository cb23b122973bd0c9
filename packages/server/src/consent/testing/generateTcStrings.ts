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

/** A GVL with `count` vendors whose declarations allow every restriction the test adds. */
export function syntheticGvl(count: number): GVL {
  const purposes = Object.fromEntries(range(1, 11).map((id) => [id, { id, name: `P${id}`, description: '', illustrations: [] }]));
  const vendors = Object.fromEntries(
    range(1, count).map((id) => [
      id,
      {
        id,
        name: `Vendor ${id}`,
        purposes: [1, 3, 4],
        legIntPurposes: [2, 7, 8, 9, 10],
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
    tcfPolicyVersion: 4,
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

/** Encodes one random TCModel; returns the string and the model core decodes it back to. */
export function randomTcString(gvl: GVL, random: () => number, vendorCount: number): string {
  const model = new TCModel(gvl);
  model.cmpId = 2 + Math.floor(random() * 4000);
  model.cmpVersion = Math.floor(random() * 4000);
  model.consentScreen = Math.floor(random() * 63);
  model.isServiceSpecific = random() < 0.8;
  model.useNonStandardTexts = random() < 0.5;
  model.purposeOneTreatment = random() < 0.3;
  model.publisherCountryCode = random() < 0.5 ? 'ES' : 'DE';
  // Dense, sparse and contiguous vendor sets, so both the bit field and the range encoding occur.
  const density = [0.02, 0.5, 0.97][Math.floor(random() * 3)] as number;
  const vendors = range(1, vendorCount);
  model.vendorConsents.set(pick(random, vendors, density));
  model.vendorLegitimateInterests.set(pick(random, vendors, density));
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
  for (const vendorId of pick(random, vendors, 0.05)) {
    model.publisherRestrictions.add(vendorId, new PurposeRestriction(2 + Math.floor(random() * 9), Math.floor(random() * 3)));
  }
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
    tcfPolicyVersion: 4,
    gvlVersion: 42,
    ...overrides,
  };
}
let sampleGvl: GVL | undefined;
let sampleRandom: (() => number) | undefined;
