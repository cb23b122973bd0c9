import { TCString } from '@iabtechlabtcf/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleAuth, createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentData, ConsentSummary } from './contract.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';
import { consentSession } from './testing/consentSession.js';

// What the shipped list declares, read from it rather than restated, so the test follows the file.
const gvl = readGvlFile(DEFAULT_GVL_PATH);
const vendors = Object.values(gvl.vendors);
const liPurposes = [...new Set(vendors.flatMap((v) => v.legIntPurposes))].sort((a, b) => a - b);
const liVendors = vendors.filter((v) => v.legIntPurposes.length).map((v) => v.id);
const specialPurposeOnly = vendors.filter((v) => !v.purposes.length && !v.legIntPurposes.length && v.specialPurposes.length).map((v) => v.id);
const decode = (reply: { json<T>(): T }) => TCString.decode(reply.json<ConsentData>().tcString);
const values = (vector: { values(): IterableIterator<number> }) => [...vector.values()].sort((a, b) => a - b);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('right to object in the TC strings the server issues', () => {
  it('the shipped list has what these tests need: LI purposes, LI vendors and a special-purpose-only vendor', () => {
    expect(liPurposes.length).toBeGreaterThan(1);
    expect(liVendors.length).toBeGreaterThan(1);
    expect(specialPurposeOnly.length).toBe(1);
  });

  it('"reject all" refuses every consent and objects to every legitimate interest; only the special-purpose-only vendor keeps its LI bit', async () => {
    const s = await consentSession(t.app);
    const reply = await s.save({ choice: 'reject_all' });
    const model = decode(reply);
    expect(model.purposeConsents.size).toBe(0);
    expect(model.vendorConsents.size).toBe(0);
    expect(values(model.purposeLegitimateInterests)).toEqual([]);
    expect(values(model.vendorLegitimateInterests)).toEqual(specialPurposeOnly);
    const stored = await t.storage.query.consent.latestConsentChoice(s.cookies.tarmac_consent!);
    expect(stored).toMatchObject({ choice: 'reject_all', objectedPurposes: liPurposes, objectedVendors: liVendors });
  });

  it('"accept all" objects to nothing: every declared legitimate interest is signalled', async () => {
    const model = decode(await (await consentSession(t.app)).save({ choice: 'accept_all' }));
    expect(values(model.purposeLegitimateInterests)).toEqual(liPurposes);
    expect(values(model.vendorLegitimateInterests)).toEqual([...liVendors, ...specialPurposeOnly].sort((a, b) => a - b));
  });

  it('a custom choice clears exactly the LI bits of the purposes and vendors objected to', async () => {
    const [purpose, otherPurpose] = liPurposes;
    const [vendor, otherVendor] = liVendors;
    const s = await consentSession(t.app);
    const reply = await s.save({ choice: 'custom', purposes: [1], vendors: [otherVendor], objectedPurposes: [purpose], objectedVendors: [vendor] });
    expect(reply.statusCode).toBe(200);
    const model = decode(reply);
    expect(values(model.purposeLegitimateInterests)).toEqual(liPurposes.filter((id) => id !== purpose));
    expect(model.purposeLegitimateInterests.has(otherPurpose!)).toBe(true);
    expect(model.vendorLegitimateInterests.has(vendor!)).toBe(false);
    expect(model.vendorLegitimateInterests.has(otherVendor!)).toBe(true);
    expect(values(model.vendorConsents)).toEqual([otherVendor]);
    // the returning visitor's string still carries the objections
    expect(decode(await s.get()).vendorLegitimateInterests.has(vendor!)).toBe(false);
  });

  const bad: [string, unknown, RegExp][] = [
    ['an objection to a purpose no vendor pursues on LI', { choice: 'custom', objectedPurposes: [3] }, /objectedPurposes: 3 is not a legitimate-interest purpose/],
    ['an objection to a vendor that claims no LI', { choice: 'custom', objectedVendors: specialPurposeOnly }, /objectedVendors: \d+ claims no legitimate interest/],
    ['an objection to a vendor outside the list', { choice: 'custom', objectedVendors: [4] }, /objectedVendors: 4 is not in vendor list/],
    ['consent to a vendor that asks none', { choice: 'custom', vendors: specialPurposeOnly }, /vendors: \d+ asks no consent/],
    ['objections with "reject all"', { choice: 'reject_all', objectedPurposes: [liPurposes[0]] }, /objectedPurposes is only allowed with choice "custom"/],
    ['objections that are not a list', { choice: 'custom', objectedVendors: 1002 }, /objectedVendors/],
  ];
  for (const [label, body, reason] of bad) {
    it(`refuses ${label} (400, nothing stored)`, async () => {
      const response = await (await consentSession(t.app)).post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'TARMAC_BAD_BODY', reason: expect.stringMatching(reason) });
      expect(await t.storage.query.consent.consentSummary({ since: 0, until: Date.now() + 1e6 })).toEqual([]);
    });
  }

  it('the console summary counts objections per purpose and vendor', async () => {
    await (await consentSession(t.app)).save({ choice: 'reject_all' });
    await (await consentSession(t.app)).save({ choice: 'custom', objectedVendors: [liVendors[0]] });
    const summary = (await t.app.inject({ method: 'GET', url: '/console/api/consent/summary?days=1', headers: consoleAuth })).json<ConsentSummary>();
    const [day] = summary.days;
    expect(day!.vendorObjections[liVendors[0]!]).toBe(2);
    expect(day!.vendorObjections[liVendors[1]!]).toBe(1);
    expect(day!.purposeObjections[liPurposes[0]!]).toBe(1);
    expect(summary.vendors.map((v) => v.id)).toEqual(vendors.map((v) => v.id));
  });
});
