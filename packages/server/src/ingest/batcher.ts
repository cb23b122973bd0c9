/** Groups items into batches for one writer that handles a batch at a time. */
export interface Batcher<T> {
  /** Adds an item; resolves once there is room for more (at most two batches are held). */
  push(item: T): Promise<void>;
  /** Writes what is held, waits for the batch being written, then resolves. */
  close(): Promise<void>;
}

/**
 * A batch is cut when the previous one is done, never before: it holds everything that arrived
 * meanwhile (up to `batchSize`). A writer that falls behind therefore writes bigger batches, not
 * more of them, and catches up; a quiet one writes an item `maxWaitMs` after it came at most.
 * `write` must not throw (the ingest writer handles its failures itself). One caller pushes at a
 * time (the writer's pull loop).
 */
export function createBatcher<T>(options: { batchSize: number; maxWaitMs: number; write: (batch: T[]) => Promise<void> }): Batcher<T> {
  const { batchSize, maxWaitMs, write } = options;
  const held: T[] = [];
  let firstHeldAt = 0;
  let closing = false;
  let wake: (() => void) | undefined;
  let roomFreed: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  const next = (ms?: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (ms !== undefined) setTimeout(resolve, ms).unref();
    });

  const loop = (async () => {
    while (true) {
      if (held.length === 0) {
        if (closing) return;
        await next();
        continue;
      }
      const waitLeft = maxWaitMs - (Date.now() - firstHeldAt);
      if (held.length < batchSize && waitLeft > 0 && !closing) {
        await next(waitLeft);
        continue;
      }
      const batch = held.splice(0, batchSize);
      firstHeldAt = Date.now();
      roomFreed?.();
      roomFreed = undefined;
      await write(batch);
    }
  })();

  return {
    async push(item) {
      if (held.length === 0) firstHeldAt = Date.now();
      held.push(item);
      if (held.length >= batchSize) signal();
      else if (held.length === 1) signal();
      while (held.length >= batchSize * 2) await new Promise<void>((resolve) => (roomFreed = resolve));
    },
    async close() {
      closing = true;
      signal();
      await loop;
    },
  };
}
