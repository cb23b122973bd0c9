import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountingApp } from '../testing/ingestProperty.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT_MS, checkIngest, createCountingApp, hostileString, hostileValue, mutate, mutation } from '../testing/ingestProperty.js';
import { USNAT_URL } from './usnatRoutes.js';

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp();
});
afterEach(async () => {
  await t.close();
});

const validChoice = fc.record(
  {
    saleOptOut: fc.boolean(),
    sharingOptOut: fc.boolean(),
    targetedAdvertisingOptOut: fc.boolean(),
    gpc: fc.boolean(),
    language: fc.constantFrom('en', 'es'),
  },
  { requiredKeys: ['saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut'] },
);

const post = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: USNAT_URL,
    payload,
    headers: { 'content-type': 'application/json', 'x-csrf': t.session.token, cookie: t.session.cookie, 'x-geo-country': 'US' },
  });

// After a 2xx the choice is one more stored row.
const storedChoice = (before: Record<string, number>) =>
  t.count('SELECT COUNT(*) FROM usnat_choices') === (before.usnat_choices ?? 0) + 1 ? null : 'the US choice';

describe('POST /i/api/gpp/v1/usnat, for any body', () => {
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
        await checkIngest(t, () => post(payload), () => 'a body that is not a US choice was accepted');
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);
});
