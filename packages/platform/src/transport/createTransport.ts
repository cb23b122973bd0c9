import { sendBeacon } from './beacon.js';
import { utf8ByteLength } from './byteLength.js';
import { httpRequest, KEEPALIVE_LIMIT_BYTES } from './httpRequest.js';
import type { HttpResult } from './httpRequest.js';
import { onPageExit } from './pageExit.js';
import { retryAfterMs, retryDelay } from './retry.js';
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
  flushIntervalMs?: number;
  /** Bytes (of the items' JSON) held at most while the endpoint is slow or down; the oldest go first. */
  maxQueueBytes?: number;
  maxBatchSize?: number;
  /** Items per body are also capped by size so bodies stay keepalive- and beacon-sized. */
  maxBatchBytes?: number;
  /** False drops the item; asked on enqueue and again when it leaves (rules may have changed). */
  beforeSend?: (item: T) => boolean;
  /** The final result of each fetch/XHR batch after retries; beacons have no readable reply. */
  onResponse?: (result: HttpResult) => void;
  retry?: RetryPolicy;
}

/** A running transport; every method is safe to call at any time, also after `stop()`. */
export interface Transport<T> {
  /** Queues an item; false when it was filtered, too large, not JSON, or the transport is stopped. */
  enqueue(item: T): boolean;
  /** Sends what is queued now (one request per batch); resolves when done, never rejects. */
  flush(): Promise<void>;
  /** Sends everything queued by beacon at once; what page exit does. */
  flushOnExit(): void;
  /** Drops the queue, removes timers and listeners; nothing is sent afterwards. */
  stop(): void;
  /** Items lost so far to the byte cap, oversized items, failed encoding or failed deliveries. */
  dropped: number;
}

/** An encoded body on its way: how many items it carries and how often it was tried. */
interface Pending {
  body: string;
  count: number;
  tried: number;
}

/**
 * The one delivery core that logger, analytics and perf share: products only say how to
 * encode and what to do with the reply. The queue is a bounded FIFO with a lazy timer (an idle
 * page runs none); the byte cap drops the oldest items first, because the newest say most
 * about the page's current state. One body is in flight at a time, and a failed one blocks the
 * queue until it is retried, so a failing server sees bounded, backed-off traffic.
 */
export function createTransport<T>(options: TransportOptions<T>): Transport<T> {
  const {
    endpoint,
    contentType,
    beforeSend = () => true,
    flushIntervalMs = 1000,
    maxQueueBytes = 256_000,
    maxBatchSize = 100,
    maxBatchBytes = KEEPALIVE_LIMIT_BYTES,
  } = options;
  let queue: [item: T, bytes: number][] = [];
  let bytes = 0;
  let requestNumber = 0;
  // No request before this time: a backoff or the server's Retry-After.
  let notBefore = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | undefined;
  // The body that failed and waits for its next attempt; page exit hands it to a beacon.
  let retry: Pending | undefined;

  const request = (body: string): Promise<HttpResult> => httpRequest({ url: endpoint, body, contentType });

  const schedule = (): void => {
    if (!timer && !stopped && (queue.length || retry))
      timer = setTimeout(
        () => void ((timer = undefined), flush()),
        Math.max(notBefore - Date.now(), retry ? 0 : flushIntervalMs),
      );
  };

  // The oldest items that fit one body, filtered again (rules may have changed while they
  // waited) and encoded: at most maxBatchSize items and maxBatchBytes, at least one.
  const next = (beacon: boolean): Pending | undefined => {
    let count = 0;
    for (let sum = 0; count < queue.length && count < maxBatchSize; count++) {
      sum += queue[count]![1];
      if (count && sum > maxBatchBytes) break;
    }
    const taken = queue.splice(0, count).map(([item, size]) => ((bytes -= size), item));
    try {
      const items = taken.filter(beforeSend);
      if (!items.length) return;
      const body = options.encode(items, { requestNumber: requestNumber + 1, beacon });
      requestNumber++;
      return { body, count: items.length, tried: 0 };
    } catch {
      // a throwing hook or encoder costs this batch, never the page
      self.dropped += taken.length;
    }
  };

  // Sends what was queued when the round began; later items wait for the next interval, so a
  // steady stream of items still goes in batches rather than one request per round trip.
  const drain = async (): Promise<void> => {
    try {
      for (let due = queue.length; !stopped && (retry || due > 0); ) {
        const before = queue.length;
        const pending = retry ?? next(false);
        due -= before - queue.length;
        retry = undefined;
        if (!pending) continue;
        const result = await request(pending.body);
        if (stopped) return;
        const delay = retryDelay(result, ++pending.tried, options.retry);
        notBefore = Date.now() + (delay ?? retryAfterMs(result.retryAfter));
        if (delay !== undefined) return void (retry = pending);
        if (result.status < 200 || result.status > 299) self.dropped += pending.count;
        options.onResponse?.(result);
      }
    } catch {
      // a throwing onResponse must not reject flush()
    }
  };

  function flush(): Promise<void> {
    if (notBefore > Date.now()) schedule();
    else
      sending ??= drain().finally(() => {
        sending = undefined;
        schedule();
      });
    return sending ?? Promise.resolve();
  }

  const beacon = (pending: Pending | undefined): void => {
    // Refused (quota, no beacon): a keepalive fetch is the next best thing to outlive the page.
    if (pending && !sendBeacon(endpoint, pending.body, options.beaconContentType ?? contentType)) void request(pending.body);
  };

  const self: Transport<T> = {
    enqueue(item) {
      try {
        if (stopped || !beforeSend(item)) return false;
        const size = utf8ByteLength(JSON.stringify(item));
        if (size <= maxQueueBytes) {
          queue.push([item, size]);
          for (bytes += size; bytes > maxQueueBytes; self.dropped++) bytes -= queue.shift()![1];
          schedule();
          return true;
        }
      } catch {
        // not JSON, or a throwing hook: this item alone is refused
      }
      self.dropped++;
      return false;
    },
    flush,
    flushOnExit() {
      // A body waiting for its retry goes now (one in flight goes on by itself: keepalive).
      beacon(retry);
      retry = undefined;
      while (queue.length) beacon(next(true));
    },
    stop() {
      stopped = true;
      queue = [];
      retry = undefined;
      clearTimeout(timer);
      unsubscribe();
    },
    dropped: 0,
  };
  const unsubscribe = onPageExit(self.flushOnExit);
  return self;
}
