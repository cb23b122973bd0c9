import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EPOCH_MS_RANGE, RESERVED_KEYS } from '../http/strictInput.js';
import type { CountingApp } from '../testing/ingestProperty.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT_MS, checkIngest, createCountingApp, hostileString, hostileValue, mutate, mutation } from '../testing/ingestProperty.js';

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp();
});
afterEach(async () => {
  await t.close();
});

const anyUnit = fc.nat(0xffff).map((u) => String.fromCharCode(u));
const word = fc.stringMatching(/^[A-Za-z0-9 _-]{1,20}$/).filter((k) => !RESERVED_KEYS.has(k));
const common = {
  id: fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/),
  timestamp: fc.integer({ min: EPOCH_MS_RANGE.minimum, max: EPOCH_MS_RANGE.maximum }),
  vertical: word,
  locale: fc.constantFrom('en', 'es'),
  sessionId: word,
};
const pageView = fc.record(
  { ...common, type: fc.constant('pageview'), path: word.map((w) => `/vs/page/${encodeURIComponent(w)}/-/-`) },
  { requiredKeys: ['type', 'path', 'timestamp'] },
);
const event = fc.record(
  {
    ...common,
    type: fc.constant('event'),
    path: word.map((w) => `/vs/flights/home/-/${encodeURIComponent(w)}/-/-`),
    category: word,
    action: word,
    label: fc.string({ maxLength: 100, unit: anyUnit }),
    value: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    params: fc.dictionary(word, fc.oneof(fc.string({ maxLength: 50, unit: anyUnit }), fc.integer(), fc.boolean()), { maxKeys: 4 }),
    nonInteraction: fc.boolean(),
  },
  { requiredKeys: ['type', 'path', 'timestamp', 'category', 'action'] },
);
// Ids unique within a batch: a repeated id inside one body is a retry folded into one row, which
// the 2xx check below would count as lost.
const validBatch = fc.record({
  events: fc.uniqueArray(fc.oneof(pageView, event), { minLength: 1, maxLength: 5, selector: (hit) => hit.id ?? Symbol() }),
});
const contentType = fc.constantFrom('application/json', 'text/plain;charset=UTF-8');

const post = (payload: string, type = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/a/api/analytics/events', payload, headers: { 'content-type': type } });

// After a 2xx each hit is a row: found by its id, or (without one) counted among the new rows.
function storedAll(body: unknown): (before: Record<string, number>) => string | null {
  return (before) => {
    const hits = (body as { events: { id?: string }[] }).events;
    const lost = hits.find((hit) => hit.id !== undefined && t.count('SELECT COUNT(*) FROM analytics_hits WHERE client_id = ?', hit.id) !== 1);
    if (lost) return `hit ${JSON.stringify(lost.id)}`;
    const withoutId = hits.filter((hit) => hit.id === undefined).length;
    const added = t.count('SELECT COUNT(*) FROM analytics_hits') - (before.analytics_hits ?? 0);
    return added >= withoutId ? null : `${withoutId - added} hits without id`;
  };
}

describe('POST /a/api/analytics/events, for any body', () => {
  it('stores every valid batch (2xx), once per hit id (hits of old pages, without one, again)', async () => {
    await fc.assert(
      fc.asyncProperty(validBatch, contentType, async (body, type) => {
        const payload = JSON.stringify(body);
        expect((await post(payload, type)).statusCode).toBe(200);
        const rows = t.count('SELECT COUNT(*) FROM analytics_hits');
        expect((await post(payload, type)).json()).toEqual({ accepted: body.events.length });
        const withoutId = body.events.filter((hit) => hit.id === undefined).length;
        expect(t.count('SELECT COUNT(*) FROM analytics_hits')).toBe(rows + withoutId);
        expect(storedAll(body)({})).toBeNull();
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers a near-valid batch (one field changed) with a 2xx that stores it, or a 4xx that stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(validBatch, mutation, contentType, async (valid, change, type) => {
        const body = mutate(valid, change);
        await checkIngest(t, () => post(JSON.stringify(body), type), storedAll(body));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers any JSON value or any text with a 4xx that stores nothing, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue.map((v) => JSON.stringify(v) ?? 'null'), hostileString), contentType, async (payload, type) => {
        await checkIngest(t, () => post(payload, type), () => 'a body that is not a batch was accepted');
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);
});
