import { TCString } from '@iabtechlabtcf/core';
import type { TCModel, Vector } from '@iabtechlabtcf/core';
import { describe, expect, it } from 'vitest';
import { decodeTcString } from './decodeTcString.js';
import type { Flags } from './types.js';
import { randomTcString, seededRandom, syntheticGvl } from '../../../server/src/consent/testing/generateTcStrings.js';
import type { TcStringShape } from '../../../server/src/consent/testing/generateTcStrings.js';

const trueIds = (flags: Flags) =>
  Object.entries(flags)
    .filter(([, on]) => on)
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
const vectorIds = (vector: Vector) => [...vector.values()].sort((a, b) => a - b);
// A bit field takes 16 + 1 + maxId bits, and core writes maxId as the highest id in the set.
const isRangeEncoded = (vector: Vector) => Number(vector.bitLength) !== 17 + vector.maxId;

// core's decoded model in the decoder's shape (true ids only; absent means false in both).
function expectedFrom(model: TCModel) {
  const restrictions: Record<number, Record<number, number>> = {};
  for (const r of model.publisherRestrictions.getRestrictions()) {
    for (const vendorId of model.publisherRestrictions.getVendors(r)) {
      (restrictions[r.purposeId] ??= {})[vendorId] = r.restrictionType;
    }
  }
  return {
    created: (model.created as Date).getTime(),
    lastUpdated: (model.lastUpdated as Date).getTime(),
    cmpId: model.cmpId,
    cmpVersion: model.cmpVersion,
    consentScreen: model.consentScreen,
    consentLanguage: model.consentLanguage,
    vendorListVersion: model.vendorListVersion,
    policyVersion: model.policyVersion,
    isServiceSpecific: model.isServiceSpecific,
    useNonStandardTexts: model.useNonStandardTexts,
    purposeOneTreatment: model.purposeOneTreatment,
    publisherCC: model.publisherCountryCode,
    specialFeatureOptins: vectorIds(model.specialFeatureOptins),
    purposeConsents: vectorIds(model.purposeConsents),
    purposeLegitimateInterests: vectorIds(model.purposeLegitimateInterests),
    vendorConsents: vectorIds(model.vendorConsents),
    vendorLegitimateInterests: vectorIds(model.vendorLegitimateInterests),
    publisherConsents: vectorIds(model.publisherConsents),
    publisherLegitimateInterests: vectorIds(model.publisherLegitimateInterests),
    customConsents: vectorIds(model.publisherCustomConsents),
    customLegitimateInterests: vectorIds(model.publisherCustomLegitimateInterests),
    disclosedVendors: vectorIds(model.vendorsDisclosed),
    restrictions,
  };
}

function actualFrom(tcString: string) {
  const d = decodeTcString(tcString);
  if (!d) throw new Error(`did not decode: ${tcString}`);
  const { version: _v, ...rest } = d;
  return {
    ...rest,
    specialFeatureOptins: trueIds(d.specialFeatureOptins),
    purposeConsents: trueIds(d.purposeConsents),
    purposeLegitimateInterests: trueIds(d.purposeLegitimateInterests),
    vendorConsents: trueIds(d.vendorConsents),
    vendorLegitimateInterests: trueIds(d.vendorLegitimateInterests),
    publisherConsents: trueIds(d.publisherConsents),
    publisherLegitimateInterests: trueIds(d.publisherLegitimateInterests),
    customConsents: trueIds(d.customConsents),
    customLegitimateInterests: trueIds(d.customLegitimateInterests),
    disclosedVendors: trueIds(d.disclosedVendors),
  };
}

describe('decodeTcString against @iabtechlabtcf/core', () => {
  for (const vendorCount of [12, 300, 1200]) {
    it(`agrees with core on 100 generated strings (${vendorCount} vendors)`, () => {
      const gvl = syntheticGvl(vendorCount);
      const random = seededRandom(vendorCount);
      let ranges = 0;
      let restricted = 0;
      let custom = 0;
      for (let i = 0; i < 100; i++) {
        const tcString = randomTcString(gvl, random, vendorCount);
        const model = TCString.decode(tcString);
        if (isRangeEncoded(model.vendorConsents)) ranges++;
        if (model.publisherRestrictions.numRestrictions > 0) restricted++;
        if (Number(model.numCustomPurposes) > 0) custom++;
        expect(actualFrom(tcString), `case ${i}: ${tcString}`).toEqual(expectedFrom(model));
      }
      // the generator must really exercise ranges, restrictions and custom purposes
      if (vendorCount > 12) expect(ranges).toBeGreaterThan(0);
      expect(restricted).toBeGreaterThan(0);
      expect(custom).toBeGreaterThan(0);
    });
  }

  for (const [vendors, vendorCount] of [['runs', 300], ['runs', 1200], ['scattered', 300], ['scattered', 1200]] as const) {
    it(`agrees with core on ${vendors} vendor sets with restrictions and disclosed vendors (${vendorCount} vendors)`, () => {
      const gvl = syntheticGvl(vendorCount);
      const random = seededRandom(vendorCount + vendors.length);
      const types = new Set<number>();
      let rangeEntries = 0;
      let singleEntries = 0;
      let severalPurposes = 0;
      for (let i = 0; i < 60; i++) {
        const shape: TcStringShape = { vendors, restrictedPurposes: 1 + (i % 5), disclosed: true };
        const tcString = randomTcString(gvl, random, vendorCount, shape);
        const model = TCString.decode(tcString);
        // the shape must give the encoding it promises, or this test proves nothing about it
        for (const vector of [model.vendorConsents, model.vendorLegitimateInterests, model.vendorsDisclosed]) {
          expect(isRangeEncoded(vector), `case ${i}: ${tcString}`).toBe(vendors === 'runs');
        }
        const restrictions = model.publisherRestrictions.getRestrictions();
        if (new Set(restrictions.map((r) => r.purposeId)).size > 2) severalPurposes++;
        for (const restriction of restrictions) {
          types.add(restriction.restrictionType);
          const ids = new Set(model.publisherRestrictions.getVendors(restriction));
          for (const id of ids) {
            if (ids.has(id + 1) && !ids.has(id - 1)) rangeEntries++;
            if (!ids.has(id + 1) && !ids.has(id - 1)) singleEntries++;
          }
        }
        expect(model.vendorsDisclosed.size).toBeGreaterThan(0);
        expect(actualFrom(tcString), `case ${i}: ${tcString}`).toEqual(expectedFrom(model));
      }
      expect([...types].sort()).toEqual([0, 1, 2]);
      expect(rangeEntries).toBeGreaterThan(0);
      expect(singleEntries).toBeGreaterThan(0);
      expect(severalPurposes).toBeGreaterThan(0);
    });
  }

  it('gives empty disclosed vendors when the string has no disclosed vendors segment', () => {
    const tcString = randomTcString(syntheticGvl(300), seededRandom(11), 300, { vendors: 'runs', restrictedPurposes: 2, disclosed: true });
    const [core, disclosed] = tcString.split('.');
    expect(Object.keys(decodeTcString(`${core}.${disclosed}`)?.disclosedVendors ?? {}).length).toBeGreaterThan(0);
    expect(decodeTcString(core as string)?.disclosedVendors).toEqual({});
  });

  it('gives false entries for every id of a bit field, so TCData lists explicit refusals', () => {
    const gvl = syntheticGvl(12);
    const decoded = decodeTcString(randomTcString(gvl, seededRandom(7), 12));
    expect(Object.keys(decoded?.purposeConsents ?? {})).toHaveLength(24);
    expect(Object.keys(decoded?.specialFeatureOptins ?? {})).toHaveLength(12);
  });

  it('rejects strings that are not well-formed v2 TC strings', () => {
    const valid = randomTcString(syntheticGvl(12), seededRandom(3), 12);
    expect(decodeTcString('')).toBeNull();
    expect(decodeTcString('not a tc string!')).toBeNull();
    expect(decodeTcString(valid.slice(0, 20))).toBeNull(); // truncated
    expect(decodeTcString('B' + valid.slice(1))).toBeNull(); // version 1
    expect(decodeTcString(valid)).not.toBeNull();
  });
});
