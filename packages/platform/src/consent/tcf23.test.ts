import { Segment, TCModel, TCString } from '@iabtechlabtcf/core';
import type { GVL } from '@iabtechlabtcf/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeTcString } from './decodeTcString.js';
import { installConsentApi } from './installConsentApi.js';
import type { ConsentHandler } from './installConsentApi.js';
import { consentDataWith, syntheticGvl } from '../../../server/src/consent/testing/generateTcStrings.js';
import type { Flags, PingReturn, TCData } from './types.js';
import { callTcfApi, resetCmpWindow, stubFetch, tcfapi } from './testing/consentTestPage.js';

// TCF 2.3 in the browser: the DisclosedVendors segment decoded from strings made by the IAB's
// @iabtechlabtcf/core, reported as TCData.vendor.disclosedVendors by every command that gives TCData.

const trueIds = (flags: Flags) =>
  Object.keys(flags)
    .filter((id) => flags[Number(id)])
    .map(Number);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const { CORE, VENDORS_DISCLOSED, VENDORS_ALLOWED, PUBLISHER_TC } = Segment;

let gvl: GVL;
/** A policy-5 string from core with these disclosed vendors, its segments in this order. */
function coreString(disclosed: number[], segments: Segment[], allowed: number[] = []) {
  const model = new TCModel((gvl ??= syntheticGvl(300)));
  model.cmpId = 300;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  model.vendorConsents.set([3, 4, 250]);
  model.publisherConsents.set([1, 2]);
  model.vendorsDisclosed.set(disclosed);
  model.vendorsAllowed.set(allowed);
  return TCString.encode(model, { segments });
}

describe('decodeTcString: the DisclosedVendors segment, against core', () => {
  const table: [string, number[], Segment[], number[]?][] = [
    ['every vendor (range entries)', range(1, 300), [CORE, VENDORS_DISCLOSED, PUBLISHER_TC]],
    ['scattered vendors (bit field)', range(1, 300).filter((id) => id % 3 === 0), [CORE, VENDORS_DISCLOSED, PUBLISHER_TC]],
    ['one vendor past the others', [1, 2, 300], [CORE, VENDORS_DISCLOSED, PUBLISHER_TC]],
    ['an empty segment', [], [CORE, VENDORS_DISCLOSED, PUBLISHER_TC]],
    ['after the publisher TC segment', [5, 6, 7, 200], [CORE, PUBLISHER_TC, VENDORS_DISCLOSED]],
    ['beside an allowed vendors segment, which is skipped', [10, 11, 12], [CORE, VENDORS_ALLOWED, VENDORS_DISCLOSED, PUBLISHER_TC], [10, 99]],
  ];
  for (const [label, disclosed, segments, allowed] of table) {
    it(label, () => {
      const tcString = coreString(disclosed, segments, allowed);
      expect(tcString.split('.')).toHaveLength(segments.length);
      const model = TCString.decode(tcString);
      const decoded = decodeTcString(tcString);
      expect(decoded).not.toBeNull();
      expect(model.policyVersion).toBe(5);
      expect(decoded!.policyVersion).toBe(5);
      expect(trueIds(decoded!.disclosedVendors)).toEqual([...model.vendorsDisclosed.values()].sort((a, b) => a - b));
      expect(trueIds(decoded!.disclosedVendors)).toEqual(disclosed);
      // The other segments are read whatever the order: the allowed vendors do not leak in anywhere.
      expect(trueIds(decoded!.vendorConsents)).toEqual([3, 4, 250]);
      expect(trueIds(decoded!.publisherConsents)).toEqual([1, 2]);
    });
  }

  it('a string without the segment (TCF 2.2) decodes with no disclosed vendors', () => {
    const tcString = coreString([1, 2], [CORE, PUBLISHER_TC]);
    expect(decodeTcString(tcString)!.disclosedVendors).toEqual({});
  });

  it('a truncated DisclosedVendors segment makes the string invalid', () => {
    const tcString = coreString(range(1, 300).filter((id) => id % 3 === 0), [CORE, VENDORS_DISCLOSED]);
    expect(decodeTcString(tcString.slice(0, -10))).toBeNull();
  });
});

describe('TCData.vendor.disclosedVendors', () => {
  const disclosed = [2, 5, 7, 19];
  let handler: ConsentHandler;
  let data: ReturnType<typeof consentDataWith>;
  beforeEach(async () => {
    resetCmpWindow();
    data = consentDataWith({ vendorConsents: [5], disclosedVendors: disclosed });
    stubFetch(() => data);
    handler = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'token' });
    await handler.ready;
  });
  afterEach(() => {
    handler.stop();
    vi.unstubAllGlobals();
  });

  it('addEventListener reports the disclosed vendors, on load and after a change', () => {
    const seen: TCData[] = [];
    tcfapi('addEventListener', 2, (t: TCData) => seen.push(t));
    expect(trueIds(seen[0]!.vendor!.disclosedVendors)).toEqual(disclosed);
    handler.update(consentDataWith({ disclosedVendors: [1, 20] }));
    expect(trueIds(seen[1]!.vendor!.disclosedVendors)).toEqual([1, 20]);
  });

  it('getTCData reports them, narrowed to the vendor ids asked for', () => {
    const all = callTcfApi('getTCData')[0]!.value as TCData;
    expect(trueIds(all.vendor!.disclosedVendors)).toEqual(disclosed);
    const some = callTcfApi('getTCData', [5, 6, 400])[0]!.value as TCData;
    expect(some.vendor!.disclosedVendors).toEqual({ 5: true, 6: false, 400: false });
    expect(some.vendor!.consents).toEqual({ 5: true, 6: false, 400: false });
  });

  it('getInAppTCData gives them as a bit string, index n for vendor n+1', () => {
    const inApp = callTcfApi('getInAppTCData')[0]!.value as { vendor: { disclosedVendors: string } };
    const bits = inApp.vendor.disclosedVendors;
    expect(bits).toMatch(/^[01]+$/);
    expect([...bits].flatMap((bit, i) => (bit === '1' ? [i + 1] : []))).toEqual(disclosed);
  });

  it('ping names the CMP API version (2.2) and the policy version of the data (5)', () => {
    const ping = callTcfApi('ping')[0]!.value as PingReturn;
    expect(ping).toMatchObject({ apiVersion: '2.2', tcfPolicyVersion: 5, cmpLoaded: true, gvlVersion: 42 });
  });
});
