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

// Free text may hold any UTF-16 unit, lone surrogates included (the logger's cut can split a pair).
const freeText = (maxLength: number) => fc.string({ maxLength, unit: fc.nat(0xffff).map((u) => String.fromCharCode(u)) });
const key = fc.stringMatching(/^[A-Za-z_]{1,12}$/).filter((k) => !RESERVED_KEYS.has(k));

const message = fc.record(
  {
    id: fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/),
    groupId: fc.stringMatching(/^[0-9a-f]{16}$/),
    message: freeText(200),
    contentId: fc.nat(1000),
    extraArgs: fc.array(freeText(50), { maxLength: 3 }),
    level: fc.constantFrom(1, 2, 3, 4),
    type: fc.constantFrom('log', 'uncaught', 'unhandledrejection', 'tipo ✈'),
    context: fc.dictionary(key, fc.oneof(freeText(50), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), fc.boolean()), { maxKeys: 5 }),
    occurrences: fc.integer({ min: 1, max: 1e9 }),
    timestamp: fc.integer({ min: EPOCH_MS_RANGE.minimum, max: EPOCH_MS_RANGE.maximum }),
    stackTrace: fc.array(freeText(80), { maxLength: 3 }),
    parsedStackTrace: fc.array(fc.record({ functionName: freeText(20), fileName: freeText(40), lineNo: fc.nat(1e9), colNo: fc.nat(1e9) }), { maxLength: 2 }),
    fileName: freeText(40),
    lineNo: fc.nat(1e9),
    colNo: fc.nat(1e9),
  },
  { requiredKeys: ['id', 'groupId', 'message', 'contentId', 'extraArgs', 'level', 'type', 'context', 'occurrences', 'timestamp', 'stackTrace', 'parsedStackTrace'] },
);
const validBatch = fc.record({
  product: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
  reqNo: fc.integer({ min: 1, max: 1e9 }),
  messages: fc.array(message, { minLength: 1, maxLength: 4 }),
});
const contentType = fc.constantFrom('application/json', 'text/plain;charset=UTF-8');

const post = (payload: string, type = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/log/client/messages', payload, headers: { 'content-type': type } });

// After a 2xx every message of the body is a stored occurrence of its group.
function storedAll(body: unknown): () => string | null {
  return () => {
    const { product, messages } = body as { product: string; messages: { id: string; groupId: string }[] };
    const lost = messages.find(
      (m) =>
        t.count(
          `SELECT COUNT(*) FROM log_deliveries d, json_each(d.items) o WHERE d.group_id = ? AND o.value ->> '$.id' = ?`,
          `${product}:${m.groupId}`,
          m.id,
        ) !== 1,
    );
    return lost ? `message ${JSON.stringify(lost.id)} of group ${JSON.stringify(lost.groupId)}` : null;
  };
}

describe('POST /log/client/messages, for any body', () => {
  it('stores every valid batch (2xx), lone surrogates and NULs in free text included', async () => {
    await fc.assert(
      fc.asyncProperty(validBatch, contentType, async (body, type) => {
        const response = await post(JSON.stringify(body), type);
        expect(response.statusCode, response.body).toBe(200);
        expect(storedAll(body)()).toBeNull();
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
