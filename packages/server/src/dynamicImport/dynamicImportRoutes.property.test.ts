import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESERVED_KEYS } from '../http/strictInput.js';
import type { CountingApp } from '../testing/ingestProperty.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT_MS, checkIngest, createCountingApp, hostileString, hostileValue, mutate, mutation } from '../testing/ingestProperty.js';
import { writeTestBuild } from './testing/testBuild.js';

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp();
  writeTestBuild(t.siteDir);
});
afterEach(async () => {
  await t.close();
});

// Known components, unknown ones, and the names every object inherits.
const path = fc.oneof(fc.constantFrom('widgets/deals', 'search/results', 'widgets/none', ...RESERVED_KEYS), fc.stringMatching(/^[A-Za-z0-9_./-]{1,30}$/));
const validBody = fc.record(
  {
    componentPath: path,
    loadedComponents: fc.array(path, { maxLength: 3 }),
    mappings: fc.dictionary(fc.stringMatching(/^[a-z/]{1,20}$/).filter((k) => !RESERVED_KEYS.has(k)), fc.constantFrom('/assets/cards-1.js', '/x.js')),
    r9version: fc.constantFrom('2026.1.0', 'old'),
    locale: fc.constantFrom('en', 'es', 'fr', ...RESERVED_KEYS),
  },
  { requiredKeys: ['componentPath'] },
);

const post = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/a/api/dynamic/import', payload, headers: { 'content-type': 'application/json' } });

// The endpoint only reads: whatever it answers, every table stays as it was.
const storesNothing = (before: Record<string, number>) =>
  JSON.stringify(t.rowCounts()) === JSON.stringify(before) ? null : 'a read-only endpoint stored something';

describe('POST /a/api/dynamic/import, for any body', () => {
  it('answers every well-formed request 200 or 404, never walking the prototype (no 5xx)', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const response = await post(JSON.stringify(body));
        expect([200, 404], response.body).toContain(response.statusCode);
        if (response.statusCode === 404) expect(response.json().code).toBe('TARMAC_UNKNOWN_COMPONENT');
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers a near-valid request (one field changed) with a 2xx or a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, mutation, async (valid, change) => {
        await checkIngest(t, () => post(JSON.stringify(mutate(valid, change))), storesNothing);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers any JSON value or any text with a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue.map((v) => JSON.stringify(v) ?? 'null'), hostileString), async (payload) => {
        await checkIngest(t, () => post(payload), storesNothing);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);
});
