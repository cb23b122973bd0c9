import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentVendorList } from './contract.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';
import type { GvlJson } from './gvlFile.js';

const gvl = readGvlFile(DEFAULT_GVL_PATH);
const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The vendors endpoint of an app on `list` (the shipped list when none). */
async function vendorsOf(list?: GvlJson): Promise<ConsentVendorList> {
  let gvlPath: string | undefined;
  if (list) {
    const dir = mkdtempSync(join(tmpdir(), 'tarmac-gvl-'));
    dirs.push(dir);
    gvlPath = join(dir, 'vendor-list.json');
    writeFileSync(gvlPath, JSON.stringify(list));
  }
  const t = await createTestApp({ consent: { gvlPath } });
  apps.push(t);
  const reply = await t.app.inject({ method: 'GET', url: '/i/api/iabtcf/v1/vendors' });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['cache-control']).toBe('no-cache');
  return reply.json<ConsentVendorList>();
}

describe('vendor disclosures (GET /i/api/iabtcf/v1/vendors)', () => {
  it('is revalidated on every use: 304 for the current tag, a new tag once the site’s vendors change', async () => {
    const a = await createTestApp();
    const b = await createTestApp({ consent: { vendorIds: Object.values(gvl.vendors).slice(1).map((v) => v.id) } });
    apps.push(a, b);
    const tag = (await a.app.inject({ method: 'GET', url: '/i/api/iabtcf/v1/vendors' })).headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    const again = await a.app.inject({ method: 'GET', url: '/i/api/iabtcf/v1/vendors', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await b.app.inject({ method: 'GET', url: '/i/api/iabtcf/v1/vendors', headers: { 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('gives per vendor everything TCF v2.2 asks the banner to disclose, from the GVL v3 file', async () => {
    const list = await vendorsOf();
    expect(list.vendors).toHaveLength(Object.keys(gvl.vendors).length);
    for (const vendor of list.vendors) {
      const source = gvl.vendors[vendor.id]!;
      expect(vendor).toMatchObject({
        name: source.name,
        purposes: source.purposes,
        legIntPurposes: source.legIntPurposes,
        specialPurposes: source.specialPurposes,
        features: source.features,
        specialFeatures: source.specialFeatures,
        dataDeclaration: source.dataDeclaration,
        retention: { std: source.dataRetention!.stdRetention },
        cookieMaxAgeSeconds: source.cookieMaxAgeSeconds,
      });
      expect(vendor.urls[0]).toEqual({ langId: 'en', privacy: source.urls![0]!.privacy, legIntClaim: source.urls![0]!.legIntClaim });
      // every id a vendor names is resolvable from the same reply
      for (const id of vendor.dataDeclaration) expect(list.dataCategories.map((c) => c.id)).toContain(id);
      for (const id of vendor.specialPurposes) expect(list.specialPurposes.map((p) => p.id)).toContain(id);
      for (const id of vendor.features) expect(list.features.map((p) => p.id)).toContain(id);
    }
    expect(list.dataCategories[0]).toEqual({ id: 1, name: gvl.dataCategories!['1']!.name, description: gvl.dataCategories!['1']!.description });
  });

  it('lists only what the site’s vendors use, skips deleted vendors and keeps per-purpose retention', async () => {
    const list = structuredClone(gvl);
    // purpose 11 and special feature 1 are only Jetway's; delete it, and give Runway a purpose-specific retention
    const jetway = Object.values(list.vendors).find((v) => v.specialFeatures.includes(1))!;
    jetway.deletedDate = '2026-01-20T00:00:00Z';
    const other = Object.values(list.vendors).find((v) => v.id !== jetway.id && v.purposes.length)!;
    other.dataRetention = { stdRetention: 30, purposes: { [other.purposes[0]!]: 90 }, specialPurposes: {} };
    const stillUsed = new Set(Object.values(list.vendors).filter((v) => !v.deletedDate).flatMap((v) => [...v.purposes, ...v.legIntPurposes]));
    const reply = await vendorsOf(list);
    expect(reply.vendors.map((v) => v.id)).not.toContain(jetway.id);
    expect(reply.purposes.map((p) => p.id)).toEqual([...stillUsed].sort((a, b) => a - b));
    expect(reply.specialFeatures.map((f) => f.id)).not.toContain(1);
    expect(reply.vendors.find((v) => v.id === other.id)!.retention).toEqual({ std: 30, purposes: { [other.purposes[0]!]: 90 }, specialPurposes: {} });
  });
});
