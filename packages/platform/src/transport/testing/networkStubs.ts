import { afterEach, beforeEach, vi } from 'vitest';

/** A reply the stubbed fetch gives: a status, or a status with its Retry-After header. */
export type StubReply = number | [status: number, retryAfter: string];

/**
 * Stubs `fetch` and `navigator.sendBeacon` for every test of the calling file, with fake
 * timers, so transport tests read what was sent instead of repeating the same set-up. Replies
 * are taken from `replies` in order (200 when none is left); beacons are always accepted.
 */
export function stubNetworkForEachTest() {
  const replies: StubReply[] = [];
  const stubs = { replies, fetch: vi.fn(), beacon: vi.fn() };
  beforeEach(() => {
    vi.useFakeTimers();
    replies.length = 0;
    stubs.fetch = vi.fn(() => {
      const [status, retryAfter] = [replies.shift() ?? 200].flat() as [number, string?];
      return Promise.resolve(new Response('{"ok":true}', { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} }));
    });
    vi.stubGlobal('fetch', stubs.fetch);
    stubs.beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: stubs.beacon, configurable: true, writable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return {
    ...stubs,
    get fetchMock() {
      return stubs.fetch;
    },
    get beaconMock() {
      return stubs.beacon;
    },
    /** The JSON bodies sent by fetch, in order. */
    sent: <T>(): T[] => stubs.fetch.mock.calls.map((call) => JSON.parse((call[1] as RequestInit).body as string) as T),
    /** The JSON bodies sent by beacon, in order. */
    beacons: <T>(): Promise<T[]> => Promise.all(stubs.beacon.mock.calls.map(async (call) => JSON.parse(await (call[1] as Blob).text()) as T)),
  };
}
