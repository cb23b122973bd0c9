import { jsonByteLength } from './byteLength.js';

/** How a product's items are merged while they wait, e.g. the logger counting repeats. */
export interface Coalesce<T> {
  /** Items with the same key (while both are queued) are merged instead of stored twice. */
  key(item: T): string;
  /** Folds `incoming` into the already queued `queued` (mutating it). */
  merge(queued: T, incoming: T): void;
}

/** Limits and hooks of a queue; every field has a sensible default except `onDue`. */
export interface BatchQueueOptions<T> {
  /** Called once per interval while items wait; the owner decides how and when to drain. */
  onDue: () => void;
  flushIntervalMs?: number;
  /** Upper bound of bytes held; beyond it the oldest items are dropped (and counted). */
  maxBytes?: number;
  sizeOf?: (item: T) => number;
  coalesce?: Coalesce<T>;
}

/** The queue's state as the transport and tests see it. */
export interface BatchQueue<T> {
  /** Adds an item; returns false when it alone is larger than the whole byte cap. */
  push(item: T): boolean;
  /** Removes up to `maxItems` oldest items whose sizes sum to at most `maxBytes` (at least one). */
  take(maxItems: number, maxBytes: number): T[];
  /** Starts the flush timer if items wait and no timer runs (after a send finished, say). */
  schedule(delayMs?: number): void;
  clear(): void;
  /** Clears and cancels the timer; the queue stays usable, but nothing is due until a push. */
  stop(): void;
  readonly length: number;
  readonly bytes: number;
  /** Items dropped so far because the byte cap was reached. */
  readonly dropped: number;
}

interface Entry<T> {
  item: T;
  size: number;
  key?: string;
}

/**
 * A bounded FIFO with a lazy flush timer. The timer only exists while items wait, so an idle
 * page (or a module merely imported) runs no timers; the byte cap keeps a dead endpoint from
 * growing memory without bound, dropping the oldest items first because the newest say most
 * about the page's current state.
 */
export function createBatchQueue<T>(options: BatchQueueOptions<T>): BatchQueue<T> {
  const interval = options.flushIntervalMs ?? 1000;
  const maxBytes = options.maxBytes ?? 256 * 1024;
  const sizeOf = options.sizeOf ?? jsonByteLength;
  const coalesce = options.coalesce;
  let entries: Entry<T>[] = [];
  const byKey = new Map<string, Entry<T>>();
  let bytes = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const forget = (entry: Entry<T>): void => {
    bytes -= entry.size;
    if (entry.key !== undefined && byKey.get(entry.key) === entry) byKey.delete(entry.key);
  };

  const schedule = (delayMs = interval): void => {
    if (timer !== undefined || entries.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      options.onDue();
    }, delayMs);
  };

  const push = (item: T): boolean => {
    const key = coalesce?.key(item);
    const twin = key === undefined ? undefined : byKey.get(key);
    if (twin && coalesce) {
      coalesce.merge(twin.item, item);
      return true;
    }
    const size = sizeOf(item);
    if (size > maxBytes) {
      dropped++;
      return false;
    }
    while (bytes + size > maxBytes && entries.length > 0) {
      forget(entries.shift() as Entry<T>);
      dropped++;
    }
    const entry: Entry<T> = { item, size, key };
    entries.push(entry);
    bytes += size;
    if (key !== undefined) byKey.set(key, entry);
    schedule();
    return true;
  };

  const take = (maxItems: number, maxTakeBytes: number): T[] => {
    let count = 0;
    let sum = 0;
    for (const entry of entries) {
      if (count >= maxItems || (count > 0 && sum + entry.size > maxTakeBytes)) break;
      sum += entry.size;
      count++;
    }
    const taken = entries.slice(0, count);
    entries = entries.slice(count);
    taken.forEach(forget);
    return taken.map((entry) => entry.item);
  };

  const clear = (): void => {
    entries = [];
    byKey.clear();
    bytes = 0;
  };

  return {
    push,
    take,
    schedule,
    clear,
    stop() {
      clear();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get length() {
      return entries.length;
    },
    get bytes() {
      return bytes;
    },
    get dropped() {
      return dropped;
    },
  };
}
