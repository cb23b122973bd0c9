import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from './createTransport.js';
import type { Transport, TransportOptions } from './createTransport.js';
import type { DropReport } from './dropReport.js';
import { stubNetworkForEachTest } from './testing/networkStubs.js';

// Items stand for `w` occurrences each, as the logger's folded messages do.
type Item = { n: number; w?: number; pad?: string };
type Body = { items: Item[]; dropped?: DropReport };
const net = stubNetworkForEachTest();
const statuses = net.replies;
const made: Transport<Item>[] = [];
afterEach(() => made.splice(0).forEach((transport) => transport.stop()));

const make = (extra: Partial<TransportOptions<Item>> = {}) => {
  const transport = createTransport<Item>({
    endpoint: '/collect',
    encode: (items, dropped) => JSON.stringify({ items, dropped }),
    onDrop: (item) => item.w ?? 1,
    ...extra,
  });
  made.push(transport);
  return transport;
};
const sent = (): Body[] => net.sent<Body>();
const beacons = (): Promise<Body[]> => net.beacons<Body>();

describe('createTransport drop accounting', () => {
  it('counts items pushed out by the byte cap in their own units, and sends the counts with the next body', async () => {
    const transport = make({ maxQueueBytes: 30 });
    [1, 2, 3, 4].forEach((n) => transport.enqueue({ n, w: n * 10 }));
    await transport.flush();
    expect(sent()[0]?.items.map((item) => item.n)).toEqual([3, 4]);
    expect(sent()[0]?.dropped?.counts).toEqual({ queue_full: 30 });
    transport.enqueue({ n: 5 });
    await transport.flush();
    expect(sent()[1]).toEqual({ items: [{ n: 5 }] });
  });

  it('counts refused items: filtered, larger than the cap, not JSON, and filtered on departure', async () => {
    let blocked = 2;
    const transport = make({ maxQueueBytes: 40, beforeSend: (item) => item.n !== blocked });
    const cyclic: Item & { self?: unknown } = { n: 7 };
    cyclic.self = cyclic;
    expect(transport.enqueue({ n: 2, w: 5 })).toBe(false);
    expect(transport.enqueue({ n: 1, pad: 'x'.repeat(40) })).toBe(false);
    expect(transport.enqueue(cyclic)).toBe(false);
    transport.enqueue({ n: 3, w: 4 });
    transport.enqueue({ n: 4 });
    blocked = 3;
    await transport.flush();
    expect(sent()).toEqual([{ items: [{ n: 4 }], dropped: { id: expect.any(String), counts: { filtered: 9, oversize: 2 } } }]);
  });

  it('counts a batch that failed every attempt, keeps its report and sends both with the next body', async () => {
    statuses.push(503, 503, 503, 503, 503, 503);
    // Two items of 13 bytes fit in 30: the first of three is pushed out.
    const transport = make({ maxQueueBytes: 30 });
    [1, 2, 3].forEach((n) => transport.enqueue({ n, w: 2 }));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(net.fetchMock).toHaveBeenCalledTimes(5);
    const failed = sent()[0]?.dropped;
    expect(failed?.counts).toEqual({ queue_full: 2 });
    transport.enqueue({ n: 4 });
    await vi.advanceTimersByTimeAsync(1000);
    // The sixth reply was a 503 too: this body is retried once before it goes through.
    await vi.advanceTimersByTimeAsync(1000);
    const [retried, delivered] = sent().slice(5);
    expect(retried).toEqual(delivered);
    expect(delivered?.items).toEqual([{ n: 4 }]);
    expect(delivered?.dropped?.counts).toEqual({ queue_full: 2, retries_exhausted: 4 });
    // A report that never arrived is folded into a new one: the server counts each once by id.
    expect(delivered?.dropped?.id).not.toBe(failed?.id);
  });

  it('counts a batch the server refused with a 4xx as rejected, without retrying it', async () => {
    statuses.push(400);
    const transport = make();
    transport.enqueue({ n: 1, w: 3 });
    await transport.flush();
    transport.enqueue({ n: 2 });
    await transport.flush();
    expect(net.fetchMock).toHaveBeenCalledTimes(2);
    expect(sent()[1]?.dropped?.counts).toEqual({ rejected: 3 });
  });

  it('sends counts alone in the exit beacon when nothing else carries them', async () => {
    const transport = make();
    transport.drop('consent', 2);
    transport.drop('consent');
    window.dispatchEvent(new Event('pagehide'));
    expect(await beacons()).toEqual([{ items: [], dropped: { id: expect.any(String), counts: { consent: 3 } } }]);
    window.dispatchEvent(new Event('pagehide'));
    expect(net.beaconMock).toHaveBeenCalledTimes(1);
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it('drops under the reason beforeSend gives, queued items included, and sends only their counts', async () => {
    let verdict: boolean | 'stopped' = true;
    const transport = make({ beforeSend: () => verdict });
    transport.enqueue({ n: 1, w: 4 });
    verdict = 'stopped';
    transport.enqueue({ n: 2, w: 5 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(net.fetchMock).not.toHaveBeenCalled();
    transport.flushOnExit();
    expect((await beacons()).map((body) => [body.items, body.dropped?.counts])).toEqual([[[], { stopped: 9 }]]);
  });

  it('forgets its counts when stopped: nothing is sent afterwards', async () => {
    const transport = make({ maxQueueBytes: 10 });
    transport.enqueue({ n: 1, pad: 'too long for the cap' });
    transport.stop();
    transport.drop('consent');
    transport.flushOnExit();
    await transport.flush();
    expect(net.beaconMock).not.toHaveBeenCalled();
    expect(net.fetchMock).not.toHaveBeenCalled();
  });
});
