import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from './createTransport.js';
import type { Transport, TransportOptions } from './createTransport.js';
import { stubNetworkForEachTest } from './testing/networkStubs.js';

type Item = { n: number; pad?: string };
const net = stubNetworkForEachTest();
// Replies to come, as a status or [status, Retry-After]; 200 when none is left.
const statuses = net.replies;
// Every transport a test made is stopped afterwards, so no listener leaks into the next test.
const made: Transport<Item>[] = [];
// The encoder numbers its bodies, so a retry is visible as the same number sent again.
let bodies = 0;
afterEach(() => {
  made.splice(0).forEach((transport) => transport.stop());
  bodies = 0;
});

const make = (extra: Partial<TransportOptions<Item>> = {}) => {
  const transport = createTransport<Item>({
    endpoint: '/collect',
    encode: (items) => JSON.stringify({ reqNo: ++bodies, items }),
    ...extra,
  });
  made.push(transport);
  return transport;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies of several shapes
const sentBodies = () => net.sent<any>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies of several shapes
const beaconBodies = () => net.beacons<any>();
const ok = { status: 200, body: { ok: true }, retryAfter: null };

describe('createTransport batching', () => {
  it('sends one batch per interval with increasing request numbers', async () => {
    const transport = make();
    for (let n = 1; n <= 101; n++) transport.enqueue({ n });
    expect(net.fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies().map((body) => [body.reqNo, body.items.length, body.items[0].n])).toEqual([
      [1, 100, 1],
      [2, 1, 101],
    ]);
  });

  it('starts no timer until the first item arrives, then sends once per interval', async () => {
    const transport = make();
    expect(vi.getTimerCount()).toBe(0);
    transport.enqueue({ n: 1 });
    transport.enqueue({ n: 2 });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(net.fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves items queued during a send for the next interval', async () => {
    let release: (() => void) | undefined;
    net.fetchMock.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(new Response('{}', { status: 200 })))),
    );
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    transport.enqueue({ n: 2 });
    release?.();
    await vi.advanceTimersByTimeAsync(10);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies().map((body) => body.items)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });

  it('drops the oldest items beyond the byte cap', async () => {
    // Each item is 7 bytes of JSON: two fit in 20.
    const transport = make({ maxQueueBytes: 20 });
    expect([1, 2, 3].map((n) => transport.enqueue({ n }))).toEqual([true, true, true]);
    await transport.flush();
    expect(sentBodies()[0]?.items).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('refuses an item larger than the whole cap, or not JSON, without dropping others', async () => {
    const transport = make({ maxQueueBytes: 10 });
    const cyclic: Item & { self?: unknown } = { n: 3 };
    cyclic.self = cyclic;
    expect(transport.enqueue({ n: 1 })).toBe(true);
    expect(transport.enqueue({ n: 2, pad: 'far too long' })).toBe(false);
    expect(transport.enqueue(cyclic)).toBe(false);
    await transport.flush();
    expect(sentBodies()).toEqual([{ reqNo: 1, items: [{ n: 1 }] }]);
  });

  it('holds no more than the keepalive quota by default, so every body can go keepalive', async () => {
    const transport = make();
    [1, 2, 3].forEach((n) => transport.enqueue({ n, pad: 'x'.repeat(25_000) }));
    await transport.flush();
    expect(sentBodies().map((body) => body.items.map((item: Item) => item.n))).toEqual([[2, 3]]);
    expect((net.fetchMock.mock.calls[0]?.[1] as RequestInit).keepalive).toBe(true);
  });

  it('filters with beforeSend on enqueue and again on departure, and survives throwing hooks', async () => {
    let blocked = 0;
    const transport = make({
      beforeSend: (item) => {
        if (item.n === 99) throw new Error('hook bug');
        return item.n !== blocked;
      },
      onResponse: () => {
        throw new Error('hook bug');
      },
    });
    expect(transport.enqueue({ n: 99 })).toBe(false);
    transport.enqueue({ n: 1 });
    transport.enqueue({ n: 2 });
    blocked = 2;
    await expect(transport.flush()).resolves.toBeUndefined();
    expect(sentBodies()).toEqual([{ reqNo: 1, items: [{ n: 1 }] }]);
  });

  it('drops a batch whose encoder throws instead of throwing itself, and goes on', async () => {
    let broken = true;
    const transport = make({
      encode: (items) => {
        if (broken) throw new Error('cycle');
        return JSON.stringify({ items });
      },
    });
    transport.enqueue({ n: 1 });
    await expect(transport.flush()).resolves.toBeUndefined();
    expect(net.fetchMock).not.toHaveBeenCalled();
    broken = false;
    transport.enqueue({ n: 2 });
    await transport.flush();
    expect(sentBodies()).toEqual([{ items: [{ n: 2 }] }]);
  });

  it('sends nothing after stop: no timers, no listeners', async () => {
    const transport = make();
    transport.enqueue({ n: 1 });
    transport.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(transport.enqueue({ n: 2 })).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    transport.flushOnExit();
    await transport.flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(net.fetchMock).not.toHaveBeenCalled();
    expect(net.beaconMock).not.toHaveBeenCalled();
  });
});

describe('createTransport retry', () => {
  it('retries a failing batch with backoff and reports only the final reply', async () => {
    statuses.push(503, 500);
    const onResponse = vi.fn();
    const transport = make({ onResponse });
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(net.fetchMock).toHaveBeenCalledTimes(3);
    expect(onResponse.mock.calls).toEqual([[ok]]);
    expect(sentBodies().map((body) => body.reqNo)).toEqual([1, 1, 1]);
  });

  it('doubles the wait per retry (from 1 s) and keeps half of it as jitter', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const times: number[] = [];
    net.fetchMock.mockImplementation(() => {
      times.push(Date.now());
      return Promise.resolve(new Response('', { status: times.length < 5 ? 500 : 200 }));
    });
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    random.mockReturnValue(1);
    await vi.advanceTimersByTimeAsync(500);
    random.mockReturnValue(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(times.slice(1).map((time, i) => time - (times[i] as number))).toEqual([500, 2000, 2000, 4000]);
  });

  it('retries no reply, 429 and 5xx, but no other status', async () => {
    net.fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    statuses.push(429, 500, 599, 400, 401, 404, 413);
    const onResponse = vi.fn();
    const transport = make({ onResponse });
    for (let n = 1; n <= 4; n++) {
      transport.enqueue({ n });
      await vi.advanceTimersByTimeAsync(20_000);
    }
    expect(net.fetchMock).toHaveBeenCalledTimes(8);
    expect(sentBodies().map((body) => body.reqNo)).toEqual([1, 1, 1, 1, 1, 2, 3, 4]);
    expect(onResponse.mock.calls.map(([result]) => result.status)).toEqual([400, 401, 404, 413]);
  });

  it('stops after maxAttempts and reports the last reply', async () => {
    statuses.push(500, 500, 500, 500, 500, 500);
    const onResponse = vi.fn();
    const transport = make({ onResponse });
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.fetchMock).toHaveBeenCalledTimes(5);
    expect(onResponse.mock.calls.map(([result]) => result.status)).toEqual([500]);
  });

  it('waits at least as long as Retry-After asks, in seconds', async () => {
    statuses.push([429, '3']);
    const onResponse = vi.fn();
    const transport = make({ onResponse });
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2999);
    await transport.flush();
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect(onResponse).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetchMock).toHaveBeenCalledTimes(2);
    expect(onResponse.mock.calls).toEqual([[ok]]);
  });

  it('reads Retry-After as an HTTP date too', async () => {
    vi.setSystemTime(Date.parse('2024-05-01T09:59:59Z'));
    statuses.push([503, 'Wed, 01 May 2024 10:00:04 GMT']);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(3999);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps a batch however long Retry-After asks, and sends it once the time has passed', async () => {
    statuses.push([429, '3600']);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    transport.enqueue({ n: 2 });
    await vi.advanceTimersByTimeAsync(3599_000);
    await transport.flush();
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies().map((body) => body.items)).toEqual([[{ n: 1 }], [{ n: 1 }]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies().map((body) => body.items)).toEqual([[{ n: 1 }], [{ n: 1 }], [{ n: 2 }]]);
  });

  it('ends retrying when stopped while a retry waits', async () => {
    statuses.push(503);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    transport.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('createTransport page exit', () => {
  it('sends the whole queue by beacon on pagehide, in bodies of 100 items', async () => {
    const transport = make();
    for (let n = 1; n <= 101; n++) transport.enqueue({ n });
    window.dispatchEvent(new Event('pagehide'));
    expect((await beaconBodies()).map((body) => [body.reqNo, body.items.length, body.items[0].n])).toEqual([
      [1, 100, 1],
      [2, 1, 101],
    ]);
    expect((net.beaconMock.mock.calls[0]?.[1] as Blob).type).toBe('text/plain');
    await vi.advanceTimersByTimeAsync(2000);
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it('hands a batch waiting for its retry to the beacon when the page is hidden', async () => {
    statuses.push(503);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(await beaconBodies()).toEqual(sentBodies());
    expect((net.beaconMock.mock.calls[0]?.[1] as Blob).type).toBe('text/plain');
    await vi.advanceTimersByTimeAsync(5000);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    transport.enqueue({ n: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies()[1]?.items).toEqual([{ n: 2 }]);
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    net.beaconMock.mockReturnValue(false);
    const transport = make();
    transport.enqueue({ n: 1 });
    transport.flushOnExit();
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect((net.fetchMock.mock.calls[0]?.[1] as RequestInit).keepalive).toBe(true);
  });
});
