import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createBatcher', () => {
  it('writes a full batch at once and a partial one after the wait', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number>({ batchSize: 3, maxWaitMs: 30, write: async (batch) => void batches.push(batch) });
    for (const n of [1, 2, 3, 4]) await batcher.push(n);
    await sleep(5);
    expect(batches).toEqual([[1, 2, 3]]);
    await sleep(60);
    expect(batches).toEqual([[1, 2, 3], [4]]);
    await batcher.close();
  });

  it('cuts the next batch only when the write before it is done, so a slow writer gets bigger batches', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number>({
      batchSize: 100,
      maxWaitMs: 5,
      write: async (batch) => {
        batches.push(batch);
        await sleep(50);
      },
    });
    for (let n = 0; n < 40; n++) {
      await batcher.push(n);
      await sleep(3);
    }
    await batcher.close();
    expect(batches.flat()).toEqual(Array.from({ length: 40 }, (_, n) => n));
    // 40 items over ~120 ms with a 50 ms write: a handful of batches, not one per 5 ms wait.
    expect(batches.length).toBeLessThanOrEqual(5);
  });

  it('holds at most two batches: push waits for room', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Batches cut by size only: with a short wait, a loaded machine could cut [1] alone, and the
    // held 2, 3, 4, 5 would then block push(5) until a release this test only gives after it.
    const batcher = createBatcher<number>({ batchSize: 2, maxWaitMs: 60_000, write: () => gate });
    for (const n of [1, 2, 3, 4]) await batcher.push(n);
    await sleep(5);
    // [1, 2] is being written; 3, 4 are held; 5 and 6 fill two batches' worth.
    await batcher.push(5);
    let pushed = false;
    const blocked = batcher.push(6).then(() => (pushed = true));
    await sleep(10);
    expect(pushed).toBe(false);
    release();
    await blocked;
    expect(pushed).toBe(true);
    await batcher.close();
  });

  it('writes everything held on close', async () => {
    const written: number[] = [];
    const batcher = createBatcher<number>({ batchSize: 10, maxWaitMs: 10_000, write: async (batch) => void written.push(...batch) });
    await batcher.push(1);
    await batcher.push(2);
    await batcher.close();
    expect(written).toEqual([1, 2]);
  });
});
