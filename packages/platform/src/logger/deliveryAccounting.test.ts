import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './createLogger.js';
import type { ClientLogBatch } from './types.js';

// A server that answers 503 until `recoversAt`, and otherwise stores like the real one: each
// message id once, however often a body is re-sent.
let recoversAt = 0;
const stored = new Map<string, number>();
const reports = new Map<string, number>();
const store = (batch: ClientLogBatch): void => {
  for (const message of batch.messages) stored.set(message.id, message.occurrences);
  if (batch.dropped) reports.set(batch.dropped.id, Object.values(batch.dropped.counts).reduce((a, b) => a + b, 0));
};
const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

beforeEach(() => {
  vi.useFakeTimers();
  stored.clear();
  reports.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      if (Date.now() < recoversAt) return Promise.resolve(new Response('{}', { status: 503 }));
      store(JSON.parse(init.body as string));
      return Promise.resolve(new Response('{}', { status: 200 }));
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    value: (_url: string, blob: Blob) => {
      void blob.text().then((text) => store(JSON.parse(text)));
      return true;
    },
    configurable: true,
    writable: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('logger delivery accounting', () => {
  it('accounts for every call through an outage: occurrences stored plus drops reported equal the calls', async () => {
    recoversAt = Date.now() + 20_000;
    const logger = createLogger({ product: 'flights' });
    // 10,000 calls over 100 distinct messages, spread over the outage (500 a second).
    for (let second = 0; second < 20; second++) {
      for (let i = 0; i < 500; i++) logger.error(new Error(`Fare ${i % 100} could not be priced: ${'detail '.repeat(20)}`));
      await vi.advanceTimersByTimeAsync(1000);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    await logger.flush();
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(total(stored) + total(reports)).toBe(10_000);
    // The outage really cost something, and the delivered part is real.
    expect(total(reports)).toBeGreaterThan(0);
    expect(total(stored)).toBeGreaterThan(0);
    logger.stop();
    // Ten thousand calls through a simulated outage: the default 5 s is too tight on a shared machine.
  }, 60_000);
});
