import { describe, expect, it } from 'vitest';
import { createBatchWriter } from './batchWriter.js';

/** A write the test finishes by hand, to hold transactions open as long as it likes. */
function heldWrites() {
  const calls: Array<{ items: number[]; finish(error?: Error): void }> = [];
  const write = (items: readonly number[]) =>
    new Promise<void>((resolve, reject) => calls.push({ items: [...items], finish: (error) => (error ? reject(error) : resolve()) }));
  return { calls, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batch writer', () => {
  it('writes items added in one turn together, and those added meanwhile in the next batches, within the bounds', async () => {
    const { calls, write } = heldWrites();
    const writer = createBatchWriter({ write, maxInFlight: 1, maxBatch: 3 });
    const done = [1, 2].map((n) => writer.add(n));
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2]]);
    const later = [3, 4, 5, 6].map((n) => writer.add(n));
    await turn();
    // One slot: nothing starts while the first batch is open.
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await Promise.all(done);
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3, 4, 5]]);
    calls[1]!.finish();
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3, 4, 5], [6]]);
    calls[2]!.finish();
    await Promise.all(later);
  });

  it('settles no caller before its batch committed', async () => {
    const { calls, write } = heldWrites();
    const writer = createBatchWriter({ write, maxInFlight: 2, maxBatch: 10 });
    let settled = false;
    void writer.add(1).then(() => (settled = true));
    await turn();
    await turn();
    expect(settled).toBe(false);
    calls[0]!.finish();
    await turn();
    expect(settled).toBe(true);
  });

  it('retries a failed batch item by item, so only the bad item rejects', async () => {
    const written: number[][] = [];
    const writer = createBatchWriter({
      maxInFlight: 1,
      maxBatch: 10,
      write: async (items: readonly number[]) => {
        if (items.includes(13)) throw new Error('bad item 13');
        written.push([...items]);
      },
    });
    const results = await Promise.allSettled([11, 12, 13, 14].map((n) => writer.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error('bad item 13'));
    expect(written).toEqual([[11], [12], [14]]);
  });

  it('closes only once everything queued is written, then refuses more', async () => {
    const { calls, write } = heldWrites();
    const writer = createBatchWriter({ write, maxInFlight: 1, maxBatch: 2 });
    const added = [1, 2, 3].map((n) => writer.add(n));
    let closed = false;
    const closing = writer.close().then(() => (closed = true));
    for (let i = 0; i < 2; i++) {
      await turn();
      expect(closed).toBe(false);
      calls[i]!.finish();
    }
    await closing;
    await Promise.all(added);
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3]]);
    await expect(writer.add(4)).rejects.toThrow('closed');
  });
});
