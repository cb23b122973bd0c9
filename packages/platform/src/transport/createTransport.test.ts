import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from './createTransport.js';
import type { TransportOptions } from './createTransport.js';

type Item = { n: number; pad?: string };
let fetchMock: ReturnType<typeof vi.fn>;
let beaconMock: ReturnType<typeof vi.fn>;
// Replies to come, as a status or [status, Retry-After]; 200 when none is left.
const statuses: (number | [number, string])[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  statuses.length = 0;
  fetchMock = vi.fn(() => {
    const [status, retryAfter] = [statuses.shift() ?? 200].flat() as [number, string?];
    return Promise.resolve(new Response('{"ok":true}', { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} }));
  });
  vi.stubGlobal('fetch', fetchMock);
  beaconMock = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beaconMock, configurable: true, writable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const make = (extra: Partial<TransportOptions<Item>> = {}) =>
  createTransport<Item>({
    endpoint: '/collect',
    encode: (items, meta) => JSON.stringify({ reqNo: meta.requestNumber, beacon: meta.beacon, items }),
    retry: { baseDelayMs: 100, maxDelayMs: 1000, maxAttempts: 3 },
    ...extra,
  });
const sentBodies = () => fetchMock.mock.calls.map((call) => JSON.parse((call[1] as RequestInit).body as string));
const beaconBodies = () =>
  Promise.all(beaconMock.mock.calls.map(async (call) => JSON.parse(await (call[1] as Blob).text())));

describe('createTransport', () => {
  it('sends one batch per interval with increasing request numbers', async () => {
    const transport = make({ maxBatchSize: 2 });
    [1, 2, 3].forEach((n) => transport.enqueue({ n }));
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies()).toEqual([
      { reqNo: 1, beacon: false, items: [{ n: 1 }, { n: 2 }] },
      { reqNo: 2, beacon: false, items: [{ n: 3 }] },
    ]);
    transport.stop();
  });

  it('retries a failing batch with backoff and reports only the final reply', async () => {
    statuses.push(503, 500);
    const onResponse = vi.fn();
    const transport = make({ onResponse });
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse).toHaveBeenCalledWith({ status: 200, body: { ok: true } });
    expect(sentBodies().map((body) => body.reqNo)).toEqual([1, 1, 1]);
    transport.stop();
  });

  it('does not retry a 400 and counts the lost items', async () => {
    statuses.push(400);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(transport.dropped).toBe(1);
    transport.stop();
  });

  it('starts no timer until the first item arrives, then sends once per interval', async () => {
    const transport = make();
    expect(vi.getTimerCount()).toBe(0);
    transport.enqueue({ n: 1 });
    transport.enqueue({ n: 2 });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    transport.stop();
  });

  it('drops the oldest items beyond the byte cap and counts them', async () => {
    const transport = make({ maxQueueBytes: 20 });
    [1, 2, 3].forEach((n) => transport.enqueue({ n }));
    expect(transport.dropped).toBe(1);
    await transport.flush();
    expect(sentBodies()[0]?.items).toEqual([{ n: 2 }, { n: 3 }]);
    transport.stop();
  });

  it('refuses an item larger than the whole cap, or not JSON, without dropping others', async () => {
    const transport = make({ maxQueueBytes: 10 });
    const cyclic: Item & { self?: unknown } = { n: 3 };
    cyclic.self = cyclic;
    expect(transport.enqueue({ n: 1 })).toBe(true);
    expect(transport.enqueue({ n: 2, pad: 'far too long' })).toBe(false);
    expect(transport.enqueue(cyclic)).toBe(false);
    expect(transport.dropped).toBe(2);
    await transport.flush();
    expect(sentBodies()[0]?.items).toEqual([{ n: 1 }]);
    transport.stop();
  });

  it('puts at most maxBatchBytes in one body, but always at least one item', async () => {
    const transport = make({ maxBatchBytes: 1 });
    [1, 2].forEach((n) => transport.enqueue({ n }));
    await transport.flush();
    expect(sentBodies().map((body) => body.items)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    transport.stop();
  });

  it('retries network errors and honours Retry-After before the next attempt', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    statuses.push([429, '3']);
    const onResponse = vi.fn();
    const transport = make({ onResponse, retry: { baseDelayMs: 100, maxDelayMs: 5000 } });
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await transport.flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onResponse).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onResponse.mock.calls).toEqual([[{ status: 200, body: { ok: true } }]]);
    expect(sentBodies().map((body) => body.reqNo)).toEqual([1, 1, 1]);
    transport.stop();
  });

  it('ends retrying when stopped while a retry waits', async () => {
    statuses.push(503);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    transport.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends nothing after stop: no timers, no listeners', async () => {
    const transport = make();
    transport.enqueue({ n: 1 });
    transport.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(transport.enqueue({ n: 2 })).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    await transport.flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });

  it('sends the whole queue by beacon on pagehide, in chunks under the quota', async () => {
    // Each item is 7 bytes of JSON: three fit in 21 bytes.
    const transport = make({ maxBatchBytes: 21 });
    [1, 2, 3, 4].forEach((n) => transport.enqueue({ n }));
    window.dispatchEvent(new Event('pagehide'));
    expect(await beaconBodies()).toEqual([
      { reqNo: 1, beacon: true, items: [{ n: 1 }, { n: 2 }, { n: 3 }] },
      { reqNo: 2, beacon: true, items: [{ n: 4 }] },
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).not.toHaveBeenCalled();
    transport.stop();
  });

  it('hands a batch waiting for its retry to the beacon when the page is hidden', async () => {
    statuses.push(503);
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(await beaconBodies()).toEqual([{ reqNo: 1, beacon: false, items: [{ n: 1 }] }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(transport.dropped).toBe(0);
    transport.stop();
  });

  it('falls back to fetch when the beacon is refused', () => {
    beaconMock.mockReturnValue(false);
    const transport = make();
    transport.enqueue({ n: 1 });
    transport.flushOnExit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).keepalive).toBe(true);
    transport.stop();
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
    expect(sentBodies()).toEqual([{ reqNo: 1, beacon: false, items: [{ n: 1 }] }]);
    transport.stop();
  });

  it('drops a batch whose encoder throws instead of throwing itself', async () => {
    const transport = make({
      encode: () => {
        throw new Error('cycle');
      },
    });
    transport.enqueue({ n: 1 });
    await transport.flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(transport.dropped).toBe(1);
    transport.stop();
  });
});

describe('createTransport pacing', () => {
  it('leaves items queued during a send for the next interval', async () => {
    let release: (() => void) | undefined;
    fetchMock.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(new Response('{}', { status: 200 })))),
    );
    const transport = make();
    transport.enqueue({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    transport.enqueue({ n: 2 });
    release?.();
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies().map((body) => body.items)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    transport.stop();
  });
});
