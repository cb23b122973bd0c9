import { TCString } from '@iabtechlabtcf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentData } from './contract.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';
import { consentSession } from './testing/consentSession.js';

// TCF 2.3 (docs/consent.md, "TCF 2.3"): every string the server issues carries policy version 5
// and a DisclosedVendors segment naming exactly the site's vendors. Each string is decoded by the
// IAB's own library, @iabtechlabtcf/core.

const gvl = readGvlFile(DEFAULT_GVL_PATH);
const allVendors = Object.values(gvl.vendors)
  .filter((v) => !v.deletedDate)
  .map((v) => v.id)
  .sort((a, b) => a - b);
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Segment types in string order: the first 3 bits of each (the core string's are 0: version 2 is 000010). */
const segmentTypes = (tcString: string) => tcString.split('.').map(segmentType);
function segmentType(segment: string): number {
  const c = segment.charCodeAt(0);
  const sextet = c >= 97 ? c - 71 : c >= 65 ? c - 65 : c >= 48 ? c + 4 : c === 45 ? 62 : 63;
  return sextet >> 3;
}

/** Every string a visitor can get: before any choice, accept, reject, custom. */
async function issuedStrings(app: TestApp['app'], customVendor: number) {
  const s = await consentSession(app);
  const undecided = (await s.get()).json<ConsentData>();
  expect(undecided.showUi).toBe(true);
  const strings: Record<string, ConsentData> = { undecided };
  for (const body of [{ choice: 'accept_all' }, { choice: 'reject_all' }, { choice: 'custom', purposes: [1, 3], vendors: [customVendor], objectedPurposes: [] }]) {
    const reply = await s.save(body);
    expect(reply.statusCode).toBe(200);
    strings[body.choice] = reply.json<ConsentData>();
  }
  // The returning visitor gets the stored string back, segment and all.
  strings.returning = (await s.get()).json<ConsentData>();
  expect(strings.returning.tcString).toBe(strings.custom!.tcString);
  return strings;
}

function expectTcf23(data: ConsentData, disclosed: number[]) {
  expect(data.tcfPolicyVersion).toBe(5);
  const model = TCString.decode(data.tcString);
  expect(model.policyVersion).toBe(5);
  expect(model.isServiceSpecific).toBe(true);
  expect(model.vendorListVersion).toBe(gvl.vendorListVersion);
  expect([...model.vendorsDisclosed.values()].sort((a, b) => a - b)).toEqual(disclosed);
  // Core string, DisclosedVendors (type 1), publisher TC (type 3).
  expect(segmentTypes(data.tcString)).toEqual([0, 1, 3]);
}

describe('TCF 2.3 strings issued by the server', () => {
  it('the shipped list is a GVL v3 list of policy version 5', () => {
    expect(gvl).toMatchObject({ gvlSpecificationVersion: 3, tcfPolicyVersion: 5 });
  });

  it('every string (no choice yet, accept, reject, custom) has policy 5 and discloses every vendor of the site', async () => {
    t = await createTestApp({ consent: { env: {} } });
    const strings = await issuedStrings(t.app, allVendors[1]!);
    for (const [kind, data] of Object.entries(strings)) {
      try {
        expectTcf23(data, allVendors);
      } catch (error) {
        throw new Error(`${kind}: ${(error as Error).message}`, { cause: error });
      }
    }
    // Disclosure is not consent: "reject all" discloses the same vendors and consents to none.
    expect(TCString.decode(strings.reject_all!.tcString).vendorConsents.size).toBe(0);
  });

  it('TARMAC_CONSENT_VENDORS narrows the disclosed vendors to the site’s vendors, not the whole list', async () => {
    const site = [allVendors[1]!, allVendors[3]!, allVendors[5]!];
    t = await createTestApp({ consent: { env: { TARMAC_CONSENT_VENDORS: site.join(',') } } });
    const strings = await issuedStrings(t.app, site[0]!);
    for (const [kind, data] of Object.entries(strings)) {
      try {
        expectTcf23(data, site);
      } catch (error) {
        throw new Error(`${kind}: ${(error as Error).message}`, { cause: error });
      }
    }
    const accepted = TCString.decode(strings.accept_all!.tcString);
    expect([...accepted.vendorConsents.values()].every((id) => site.includes(id))).toBe(true);
  });
});
