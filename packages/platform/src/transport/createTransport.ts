import { sendBeacon } from './beacon.js';
import { utf8ByteLength } from './byteLength.js';
import { httpRequest, KEEPALIVE_LIMIT_BYTES } from './httpRequest.js';
import type { HttpResult } from './httpRequest.js';
import { onPageExit } from './pageExit.js';

/**
 * How hard a sender insists; small numbers on purpose, a page must not hammer a sick server.
 * Defaults: five attempts in total, 1 s before the first retry, no wait over 30 s.
 */
export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts?: number;
  /** Delay before the first retry; it doubles on every further one. */
  baseDelayMs?: number;
  /** No wait is longer; a `Retry-After` asking for more makes the sender give up instead. */
  maxDelayMs?: number;
}

/** Everything a product decides; the transport owns batching, sending, retry and page exit. */
export interface TransportOptions<T> {
  endpoint: string;
  /**
   * Builds the request body from a batch, e.g. the logger's `{product, reqNo, messages}`. It is
   * called once per body (a retry re-sends the same body), so a product can number its requests
   * here. The same body goes by fetch/XHR or, when the page is left, by beacon.
   */
  encode: (items: T[]) => string;
  /** Content type of fetch/XHR bodies (default `application/json`) and, unless `beaconContentType` is given, of beacons. */
  contentType?: string;
  beaconContentType?: string;
  flushIntervalMs?: number;
  /**
   * Bytes (of the items' JSON) held at most while the endpoint is slow or down; the oldest go
   * first. The default is the keepalive quota, so whatever is queued fits bodies that can
   * outlive the page (fetch keepalive, beacon); a larger cap gives up that guarantee.
   */
  maxQueueBytes?: number;
  maxBatchSize?: number;
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
}

/**
 * The one delivery core that logger, analytics and perf share: products only say how to
 * encode and what to do with the reply. The queue is a bounded FIFO with a lazy timer (an idle
 * page runs none); the byte cap drops the oldest items first, because the newest say most
 * about the page's current state. One body is in flight at a time, and a failed one blocks the
 * queue until it is retried, so a failing server sees bounded, backed-off traffic. Bodies are
 * kept under the keepalive quota so they can outlive the page.
 */
export function createTransport<T>(options: TransportOptions<T>): Transport<T> {
  const {
    endpoint,
    contentType,
    beforeSend = () => true,
    flushIntervalMs = 1000,
    maxQueueBytes = KEEPALIVE_LIMIT_BYTES,
    maxBatchSize = 100,
    retry: { maxAttempts = 5, baseDelayMs = 1000, maxDelayMs = 30_000 } = {},
  } = options;
  let queue: [item: T, bytes: number][] = [];
  let bytes = 0;
  // No request before this time: a backoff or the server's Retry-After.
  let notBefore = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | undefined;
  // The body that failed and waits for attempt number `tried + 1` (counted from next()); page
  // exit hands it to a beacon.
  let retry: string | undefined;
  let tried = 0;

  const request = (body: string): Promise<HttpResult> => httpRequest({ url: endpoint, body, contentType });

  const schedule = (): void => {
    // After stop() nothing is queued or retried, so no timer can start.
    if (!timer && (queue.length || retry))
      timer = setTimeout(
        () => void ((timer = undefined), flush()),
        Math.max(notBefore - Date.now(), retry ? 0 : flushIntervalMs),
      );
  };

  // The body of the oldest items, filtered again since rules may have changed while they
  // waited; undefined when none is left or a hook or the encoder threw.
  const next = (): string | undefined => {
    tried = 0;
    try {
      const items = queue.splice(0, maxBatchSize).map(([item, size]) => ((bytes -= size), item)).filter(beforeSend);
      if (items.length) return options.encode(items);
    } catch {
      // a throwing hook or encoder costs this batch, never the page
    }
  };

  // Sends what was queued when the round began; later items wait for the next interval, so a
  // steady stream of items still goes in batches rather than one request per round trip.
  const drain = async (): Promise<void> => {
    try {
      for (let due = queue.length; retry || due > 0; due -= maxBatchSize) {
        // The last batch of a round may carry items queued meanwhile: no extra request for them.
        const body = retry ?? next();
        retry = undefined;
        if (body) {
          const result = await request(body);
          if (stopped) return;
          const { status } = result;
          // Retry-After is seconds or an HTTP date; a past date, junk or none mean no wait.
          const asked = Math.max(0, Number(result.retryAfter) * 1000 || Date.parse(result.retryAfter!) - Date.now() || 0);
          const half = Math.min(maxDelayMs, baseDelayMs * 2 ** tried++) / 2;
          // Only failures that may heal by themselves are retried: no reply, 429 and 5xx. Waits
          // grow with "equal jitter" so pages that failed together do not return together.
          const again = (!status || status == 429 || status > 499) && tried < maxAttempts && asked <= maxDelayMs;
          notBefore = Date.now() + (again ? Math.max(asked, half + Math.random() * half) : asked);
          if (again) return void (retry = body);
          options.onResponse?.(result);
        }
      }
    } catch {
      // a throwing onResponse must not reject flush()
    }
  };

  async function flush(): Promise<void> {
    if (notBefore > Date.now()) schedule();
    else
      sending ??= drain().finally(() => {
        sending = undefined;
        schedule();
      });
    await sending;
  }

  const beacon = (body: string | undefined): void => {
    // Refused (quota, no beacon): a keepalive fetch is the next best thing to outlive the page.
    if (body && !sendBeacon(endpoint, body, options.beaconContentType ?? contentType)) void request(body);
  };

  const flushOnExit = (): void => {
    // A body waiting for its retry goes now (one in flight goes on by itself: keepalive).
    beacon(retry);
    retry = undefined;
    while (queue.length) beacon(next());
  };
  const unsubscribe = onPageExit(flushOnExit);

  return {
    enqueue(item) {
      try {
        const size = utf8ByteLength(JSON.stringify(item));
        // An item larger than the whole cap is refused rather than flushing everything else out.
        if (!stopped && size <= maxQueueBytes && beforeSend(item)) {
          queue.push([item, size]);
          for (bytes += size; bytes > maxQueueBytes; ) bytes -= queue.shift()![1];
          schedule();
          return true;
        }
      } catch {
        // not JSON, or a throwing hook: this item is refused
      }
      return false;
    },
    flush,
    flushOnExit,
    stop() {
      stopped = true;
      queue = [];
      retry = undefined;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
