import { TCString } from '@iabtechlabtcf/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentData } from './contract.js';
import type { ConsentServiceOptions } from './createConsentService.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';
import type { GvlJson } from './gvlFile.js';
import { addMonths } from './reconsent.js';
import { consentSession } from './testing/consentSession.js';

const gvl = readGvlFile(DEFAULT_GVL_PATH);
const [first, second, third] = Object.values(gvl.vendors).map((v) => v.id);
let dir: string;
let t: TestApp | undefined;
let clock: number;
let visitor: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tarmac-reconsent-'));
  clock = Date.UTC(2026, 2, 10, 9);
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** (Re)starts the app on the same database, with this list and these consent settings. */
async function start(consent: Omit<ConsentServiceOptions, 'ingest' | 'query' | 'now'> = {}, list?: GvlJson) {
  await t?.close();
  let gvlPath: string | undefined;
  if (list) writeFileSync((gvlPath = join(dir, `gvl-${list.vendorListVersion}.json`)), JSON.stringify(list));
  t = await createTestApp({ storage: createSqliteStore({ file: join(dir, 'db.sqlite') }), consent: { ...consent, gvlPath, env: {}, now: () => clock } });
  const s = await consentSession(t.app);
  if (visitor) s.cookies.tarmac_consent = visitor;
  return s;
}
/** Saves a choice in a fresh session and remembers the visitor. */
async function choose(s: Awaited<ReturnType<typeof start>>, body: object = { choice: 'accept_all' }) {
  const reply = await s.save(body);
  expect(reply.statusCode).toBe(200);
  visitor = s.cookies.tarmac_consent!;
  return reply.json<ConsentData>();
}
const asked = async (s: Awaited<ReturnType<typeof start>>) => (await s.get()).json<ConsentData>().showUi;
// Straight from the store: the console route counts back from the real clock, this test runs on its own.
const reconsents = async () =>
  (await t!.storage.query.consent.consentSummary({ since: 0, until: 8.64e15 })).reduce(
    (sum, day) => {
      for (const [reason, n] of Object.entries(day.reconsents)) sum[reason] = (sum[reason] ?? 0) + n;
      return sum;
    },
    {} as Record<string, number>,
  );

describe('re-consent', () => {
  beforeEach(() => {
    visitor = '';
  });

  it('asks again after 13 months by default, and the answer is counted as an expired-choice re-consent', async () => {
    const s = await start();
    const decidedAt = clock;
    await choose(s);
    clock = addMonths(decidedAt, 13) - 60_000;
    expect(await asked(s)).toBe(false);
    clock = addMonths(decidedAt, 13);
    expect(await asked(s)).toBe(true);
    await choose(s, { choice: 'reject_all' });
    expect(await asked(s)).toBe(false);
    expect(await reconsents()).toMatchObject({ expired: 1, gvl_vendors: 0, site_vendors: 0 });
    // A change of mind through "Privacy settings" while the choice stands is not a re-consent.
    await choose(s, { choice: 'accept_all' });
    expect(await reconsents()).toMatchObject({ expired: 1 });
  });

  it('the expiry is configurable in months', async () => {
    const s = await start({ maxChoiceAgeMonths: 6 });
    const decidedAt = clock;
    await choose(s);
    clock = addMonths(decidedAt, 6);
    expect(await asked(s)).toBe(true);
  });

  it('a new list version keeps the choice unless it brings a vendor the site uses that the visitor has not seen', async () => {
    let s = await start({}, gvl);
    const accepted = await choose(s);
    // Version 2 renames a vendor and deletes another: nothing new to show, the choice stands,
    // re-encoded on the new list (deleted vendor gone, decision time kept).
    const v2 = structuredClone(gvl);
    v2.vendorListVersion = gvl.vendorListVersion + 1;
    v2.vendors[String(first)]!.name = 'Renamed';
    v2.vendors[String(second)]!.deletedDate = '2026-03-01T00:00:00Z';
    s = await start({}, v2);
    const kept = (await s.get()).json<ConsentData>();
    expect(kept).toMatchObject({ showUi: false, gvlVersion: v2.vendorListVersion });
    const model = TCString.decode(kept.tcString);
    expect(model.vendorListVersion).toBe(v2.vendorListVersion);
    expect(model.vendorConsents.has(first!)).toBe(true);
    expect(model.vendorConsents.has(second!)).toBe(false);
    // The re-encoded string discloses the site's vendors on the new list: the deleted one is gone.
    expect([...model.vendorsDisclosed.values()]).toEqual(Object.values(gvl.vendors).map((v) => v.id).filter((id) => id !== second));
    expect(model.created.getTime()).toBe(TCString.decode(accepted.tcString).created.getTime());

    // Version 3 brings vendor 1099, which the site uses (all vendors of the list): ask again.
    const v3 = structuredClone(v2);
    v3.vendorListVersion = v2.vendorListVersion + 1;
    v3.vendors['1099'] = { ...structuredClone(v2.vendors[String(first)]!), id: 1099, name: 'New Partner' };
    s = await start({}, v3);
    expect(await asked(s)).toBe(true);
    await choose(s);
    expect(await reconsents()).toMatchObject({ gvl_vendors: 1 });
  });

  it('a vendor the site names before the list has it is asked about when a list version brings it', async () => {
    const v2 = structuredClone(gvl);
    v2.vendorListVersion = gvl.vendorListVersion + 1;
    v2.vendors['1099'] = { ...structuredClone(gvl.vendors[String(first)]!), id: 1099, name: 'New Partner' };
    let s = await start({ vendorIds: [first!, 1099] }, gvl);
    await choose(s);
    s = await start({ vendorIds: [first!, 1099] }, v2);
    expect(await asked(s)).toBe(true);
  });

  it('asks again when the site’s vendor set grows, not when it shrinks', async () => {
    let s = await start({ vendorIds: [first!, second!] });
    await choose(s);
    s = await start({ vendorIds: [first!] });
    expect(await asked(s)).toBe(false);
    s = await start({ vendorIds: [first!, second!, third!] });
    expect(await asked(s)).toBe(true);
    await choose(s, { choice: 'custom', purposes: [1] });
    expect(await reconsents()).toMatchObject({ site_vendors: 1 });
    expect(await asked(s)).toBe(false);
  });

  it('asks again on a new TCF policy version', async () => {
    let s = await start({}, gvl);
    await choose(s);
    s = await start({}, { ...gvl, tcfPolicyVersion: gvl.tcfPolicyVersion + 1 });
    expect(await asked(s)).toBe(true);
  });

  it('a choice stored under TCF 2.2 (policy 4) is asked again on the shipped policy 5 list, counted as a policy re-consent', async () => {
    let s = await start({}, { ...gvl, tcfPolicyVersion: 4 });
    const old = await choose(s);
    expect(TCString.decode(old.tcString).policyVersion).toBe(4);
    s = await start();
    const data = (await s.get()).json<ConsentData>();
    expect(data).toMatchObject({ showUi: true, tcfPolicyVersion: 5 });
    expect(data.tcString).not.toBe(old.tcString);
    const renewed = await choose(s);
    expect(TCString.decode(renewed.tcString).policyVersion).toBe(5);
    expect(await reconsents()).toMatchObject({ policy: 1 });
    expect(await asked(s)).toBe(false);
  });

  it('a malformed setting stops the app at start-up', async () => {
    await expect(createTestApp({ consent: { env: { TARMAC_CONSENT_VENDORS: 'all' } } })).rejects.toThrow(/TARMAC_CONSENT_VENDORS/);
    await expect(createTestApp({ consent: { maxChoiceAgeMonths: 0 } })).rejects.toThrow(/1 to 13 months/);
  });
});
