import { createBatchQueue } from './batchQueue.js';
import type { Coalesce } from './batchQueue.js';
import { sendBeacon } from './beacon.js';
import { httpRequest, KEEPALIVE_LIMIT_BYTES } from './httpRequest.js';
import type { HttpResult } from './httpRequest.js';
import { onPageExit } from './pageExit.js';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry } from './retry.js';
import type { RetryPolicy } from './retry.js';

/** Told to `encode` so a product can number its requests or shape beacon bodies differently. */
export interface EncodeMeta {
  /** 1, 2, 3… per encoded body of this transport; a retry re-sends the same body and number. */
  requestNumber: number;
  /** True when the body leaves by `sendBeacon` (page exit). */
  beacon: boolean;
}

/** Everything a product decides; the transport owns batching, sending, retry and page exit. */
export interface TransportOptions<T> {
  endpoint: string;
  /** Builds the request body from a batch, e.g. the logger's `{product, reqNo, messages}`. */
  encode: (items: T[], meta: EncodeMeta) => string;
  /** Content type of fetch/XHR bodies and of beacon Blobs; `text/plain` beacons go as strings. */
  contentType?: string;
  beaconContentType?: string;
  headers?: Record<string, string>;
  flushIntervalMs?: number;
  /** Bytes held at most while the endpoint is slow or down; the oldest go first. */
  maxQueueBytes?: number;
  maxBatchSize?: number;
  /** Items per body are also capped by size so bodies stay keepalive- and beacon-sized. */
  maxBatchBytes?: number;
  /** False drops the item; asked on enqueue and again when it leaves (rules may have changed). */
  beforeSend?: (item: T) => boolean;
  /** The final result of each fetch/XHR batch after retries; beacons have no readable reply. */
  onResponse?: (result: HttpResult) => void;
  coalesce?: Coalesce<T>;
  sizeOf?: (item: T) => number;
  retry?: Partial<RetryPolicy>;
}

/** A running transport; every method is safe to call at any time, also after `stop()`. */
export interface Transport<T> {
  /** Queues an item; false when it was filtered, too large, or the transport is stopped. */
  enqueue(item: T): boolean;
  /** Sends what is queued now (one request per batch); resolves when done, never rejects. */
  flush(): Promise<void>;
  /** Sends everything queued by beacon at once; what page exit does. */
  flushOnExit(): void;
  /** Drops the queue, removes timers and listeners; nothing is sent afterwards. */
  stop(): void;
  readonly stopped: boolean;
  /** Items lost so far to the byte cap, oversized items or failed deliveries. */
  readonly dropped: number;
}

const call = <R>(fn: () => R, fallback: R): R => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

/**
 * The one delivery core that logger, analytics and perf share, in the manner of the Datadog
 * browser SDK: products only say how to encode and what to do with the reply. One batch is in
 * flight at a time, so a failing server sees bounded, backed-off traffic rather than a storm.
 */
export function createTransport<T>(options: TransportOptions<T>): Transport<T> {
  const maxBatchSize = options.maxBatchSize ?? 100;
  const maxBatchBytes = options.maxBatchBytes ?? KEEPALIVE_LIMIT_BYTES;
  const interval = options.flushIntervalMs ?? 1000;
  const contentType = options.contentType ?? 'application/json';
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  let stopped = false;
  let lost = 0;
  let requestNumber = 0;
  let notBefore = 0;
  let inFlight: Promise<void> | undefined;
  // The batch whose retry is waiting: page exit hands it to a beacon instead of losing it.
  let waiting: { body: string; cancel: () => void } | undefined;
  let handedOff: string | undefined;

  const queue = createBatchQueue<T>({
    onDue: () => void flush(),
    flushIntervalMs: interval,
    maxBytes: options.maxQueueBytes,
    sizeOf: options.sizeOf,
    coalesce: options.coalesce,
  });
  const allowed = (item: T): boolean => !options.beforeSend || call(() => options.beforeSend?.(item) !== false, false);
  const encode = (items: T[], beacon: boolean): string | undefined => {
    const body = call(() => options.encode(items, { requestNumber: requestNumber + 1, beacon }), undefined);
    if (typeof body === 'string') requestNumber++;
    else lost += items.length;
    return body;
  };
  const request = (body: string): Promise<HttpResult> =>
    httpRequest({ url: options.endpoint, body, contentType, headers: options.headers });

  const wait = (ms: number, body: string): Promise<boolean> =>
    new Promise((resolve) => {
      if (stopped) return resolve(false);
      const timer = setTimeout(() => {
        waiting = undefined;
        resolve(!stopped);
      }, ms);
      waiting = {
        body,
        cancel: () => {
          clearTimeout(timer);
          waiting = undefined;
          resolve(false);
        },
      };
    });

  const sendBatch = async (items: T[]): Promise<void> => {
    const body = encode(items, false);
    if (body === undefined) return;
    const result = await withRetry(() => request(body), (ms) => wait(ms, body), policy);
    if (stopped) return;
    const failed = result.status < 200 || result.status >= 300;
    if (failed && handedOff !== body) lost += items.length;
    const asked = parseRetryAfter(result.retryAfter);
    if (asked !== undefined) notBefore = Date.now() + asked;
    call(() => options.onResponse?.(result), undefined);
  };

  // Sends what was queued when the round began; later items wait for the next interval, so a
  // steady stream of items still goes in batches rather than one request per round trip.
  const drain = async (): Promise<void> => {
    for (let left = queue.length; !stopped && left > 0 && queue.length > 0; ) {
      const taken = queue.take(maxBatchSize, maxBatchBytes);
      left -= taken.length;
      const items = taken.filter(allowed);
      if (items.length > 0) await sendBatch(items);
    }
  };

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (inFlight) return inFlight;
    const pause = notBefore - Date.now();
    if (pause > 0) {
      queue.schedule(pause);
      return Promise.resolve();
    }
    inFlight = drain()
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
        queue.schedule();
      });
    return inFlight;
  }

  const beacon = (body: string): void => {
    if (sendBeacon(options.endpoint, body, options.beaconContentType ?? contentType)) return;
    // Refused (quota, no beacon): a keepalive fetch is the next best thing to outlive the page.
    void request(body);
  };

  function flushOnExit(): void {
    if (stopped) return;
    const retrying = waiting;
    if (retrying) {
      handedOff = retrying.body;
      retrying.cancel();
      beacon(retrying.body);
    }
    while (queue.length > 0) {
      const items = queue.take(maxBatchSize, maxBatchBytes).filter(allowed);
      const body = items.length > 0 ? encode(items, true) : undefined;
      if (body !== undefined) beacon(body);
    }
  }

  const unsubscribe = onPageExit(flushOnExit);

  return {
    enqueue(item) {
      if (stopped || !allowed(item)) return false;
      return call(() => queue.push(item), false);
    },
    flush,
    flushOnExit() {
      call(flushOnExit, undefined);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      waiting?.cancel();
      queue.stop();
      unsubscribe();
    },
    get stopped() {
      return stopped;
    },
    get dropped() {
      return lost + queue.dropped;
    },
  };
}
