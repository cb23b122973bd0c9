import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountingApp } from '../testing/ingestProperty.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT_MS, checkIngest, createCountingApp, hostileString, hostileValue, mutate, mutation } from '../testing/ingestProperty.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';

const gvl = readGvlFile(DEFAULT_GVL_PATH);
const ids = (map: object) => Object.keys(map).map(Number);

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp();
});
afterEach(async () => {
  await t.close();
});

// Vendors are left out: which ones a custom choice may name depends on the site's vendor
// selection (consent/siteVendors.ts); the near-valid property below still sends them.
const someOf = (list: number[]) => fc.uniqueArray(fc.constantFrom(...list), { maxLength: 5 });
const validChoice = fc.oneof(
  fc.record({ choice: fc.constantFrom('accept_all', 'reject_all'), language: fc.constantFrom('en', 'es') }, { requiredKeys: ['choice'] }),
  fc.record(
    {
      choice: fc.constant('custom'),
      purposes: someOf(ids(gvl.purposes)),
      specialFeatures: someOf(ids(gvl.specialFeatures)),
      language: fc.constantFrom('en', 'es'),
    },
    { requiredKeys: ['choice'] },
  ),
);

const URL = '/i/api/iabtcf/v1/consent';
const post = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: { 'content-type': 'application/json', 'x-csrf': t.session.token, cookie: t.session.cookie },
  });

// After a 2xx the choice is one more stored row.
const storedChoice = (before: Record<string, number>) =>
  t.count('SELECT COUNT(*) FROM consent_choices') === (before.consent_choices ?? 0) + 1 ? null : 'the choice';

describe('POST /i/api/iabtcf/v1/consent, for any body', () => {
  it('stores every valid choice (200)', async () => {
    await fc.assert(
      fc.asyncProperty(validChoice, async (body) => {
        const before = t.rowCounts();
        const response = await post(JSON.stringify(body));
        expect(response.statusCode, response.body).toBe(200);
        expect(storedChoice(before)).toBeNull();
      }),
      { numRuns: PROPERTY_RUNS / 2 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers a near-valid choice (one field changed) with a 2xx that stores it, or a 4xx that stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(validChoice, mutation, async (valid, change) => {
        await checkIngest(t, () => post(JSON.stringify(mutate(valid, change))), storedChoice);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers any JSON value or any text with a 4xx that stores nothing, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue.map((v) => JSON.stringify(v) ?? 'null'), hostileString), async (payload) => {
        await checkIngest(t, () => post(payload), () => 'a body that is not a choice was accepted');
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);
});
