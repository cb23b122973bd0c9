import { sendBeacon } from './beacon.js';
import { utf8ByteLength } from './byteLength.js';
import type { DropReason, DropReport } from './dropReport.js';
import { httpRequest, KEEPALIVE_LIMIT_BYTES } from './httpRequest.js';
import type { HttpResult } from './httpRequest.js';
import { newId } from './newId.js';
import { onPageExit } from './pageExit.js';
import { retryAfterMs } from './retryAfter.js';
import { MAX_ATTEMPTS, retryDelayMs } from './retryDelay.js';

/** Items per body at most; the endpoints accept up to 100. */
const MAX_BATCH = 100;

/** Everything a product decides; the transport owns batching, sending, retry and page exit. */
export interface TransportOptions<T> {
  endpoint: string;
  /**
   * Builds the request body from a batch, e.g. the logger's `{product, reqNo, messages}`. It is
   * called once per body (a retry re-sends the same body), so a product can number its requests
   * here. The same body goes by fetch or, when the page is left, by beacon. `dropped`, when
   * given, must travel in the body: it counts what was given up since the last report. At page
   * exit a body may have no items and only `dropped`.
   */
  encode: (items: T[], dropped?: DropReport) => string;
  flushIntervalMs?: number;
  /**
   * Bytes (of the items' JSON) held at most while the endpoint is slow or down; the oldest go
   * first. The default is the keepalive quota, so whatever is queued fits bodies that can
   * outlive the page (fetch keepalive, beacon); a larger cap gives up that guarantee.
   */
  maxQueueBytes?: number;
  /**
   * True sends the item; false drops it as `filtered`, a reason drops it under that reason (the
   * logger says `stopped` once told to stop). Asked on enqueue and again when it leaves, since
   * rules may have changed while it waited.
   */
  beforeSend?: (item: T) => boolean | DropReason;
  /**
   * Told of every item given up, once; returns how many it stands for (default 1). The logger
   * folds repeats into one message, so one dropped message may be forty occurrences; it also
   * learns here to stop counting repeats into a message that will never be sent.
   */
  onDrop?: (item: T) => number;
  /** The final result of each fetch batch after retries; beacons have no readable reply. */
  onResponse?: (result: HttpResult) => void;
}

/** A running transport; every method is safe to call at any time, also after `stop()`. */
export interface Transport<T> {
  /** Queues an item; false when it was filtered, too large, not JSON, or the transport is stopped. */
  enqueue(item: T): boolean;
  /** Counts items the product gave up before queueing them (consent refused, told to stop). */
  drop(reason: DropReason, count?: number): void;
  /** Sends what is queued now (one request per batch); resolves when done, never rejects. */
  flush(): Promise<void>;
  /** Sends everything queued by beacon at once; what page exit does. */
  flushOnExit(): void;
  /** Drops the queue and the counts, removes timers and listeners; nothing is sent afterwards. */
  stop(): void;
}

/** A body on its way: what it says, the items it carries and the drop report riding with it. */
type Batch<T> = [body: string, items: T[], dropped?: DropReport];

/**
 * The one delivery core that logger, analytics and perf share: products only say how to
 * encode and what to do with the reply. The queue is a bounded FIFO with a lazy timer (an idle
 * page runs none); the byte cap drops the oldest items first, because the newest say most
 * about the page's current state. One body is in flight at a time, and a failed one blocks the
 * queue until it is retried, so a failing server sees bounded, backed-off traffic. Bodies are
 * kept under the keepalive quota so they can outlive the page. Nothing is lost without a
 * count: every item given up is counted by reason, and the counts ride with the next body
 * that gets through, or the exit beacon.
 */
export function createTransport<T>(options: TransportOptions<T>): Transport<T> {
  const {
    endpoint,
    beforeSend = () => true,
    onDrop = () => 1,
    flushIntervalMs = 1000,
    maxQueueBytes = KEEPALIVE_LIMIT_BYTES,
  } = options;
  let queue: [item: T, bytes: number][] = [];
  let bytes = 0;
  // No request before this time: a backoff or the server's Retry-After.
  let notBefore = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | undefined;
  // The batch that failed and waits for attempt number `attempts + 1` (counted from next());
  // page exit hands it to a beacon.
  let retry: Batch<T> | undefined;
  let attempts = 0;
  // Items given up since the last report left, by reason. A report is taken out when a body is
  // built and put back if that body is given up, so each drop reaches the server exactly once
  // (it dedupes a re-sent report by its id).
  let counts: DropReport['counts'] = {};

  const request = (body: string): Promise<HttpResult> => httpRequest({ url: endpoint, body });

  const drop = (reason: DropReason, count = 1): void => {
    if (!stopped) counts[reason] = (counts[reason] ?? 0) + count;
  };
  // Items given up; the report that rode with them goes back for the next body.
  const giveUp = (items: T[], reason: DropReason, dropped?: DropReport): void => {
    for (const key in dropped?.counts) drop(key as DropReason, dropped.counts[key as DropReason]);
    for (const item of items) drop(reason, onDrop(item));
  };
  const report = (): DropReport | undefined => {
    for (const _ in counts) {
      const taken = counts;
      counts = {};
      return { id: newId(), counts: taken };
    }
  };

  const schedule = (): void => {
    // After stop() nothing is queued or retried, so no timer can start.
    if (!timer && (queue.length || retry))
      timer = setTimeout(
        () => {
          timer = undefined;
          void flush();
        },
        Math.max(notBefore - Date.now(), retry ? 0 : flushIntervalMs),
      );
  };

  // The batch of the oldest items, filtered again since rules may have changed while they
  // waited (the refused are counted); undefined when none is left.
  const next = (): Batch<T> | undefined => {
    attempts = 0;
    const items: T[] = [];
    for (const [item, size] of queue.splice(0, MAX_BATCH)) {
      const verdict = beforeSend(item);
      bytes -= size;
      if (verdict === true) items.push(item);
      else giveUp([item], verdict || 'filtered');
    }
    // Encoders are ours and only see items that enqueue proved to be JSON.
    if (items.length) {
      const dropped = report();
      return [options.encode(items, dropped), items, dropped];
    }
  };

  // Sends what was queued when the round began; later items wait for the next interval, so a
  // steady stream of items still goes in batches rather than one request per round trip.
  const drain = async (): Promise<void> => {
    try {
      for (let due = queue.length; retry || due > 0; due -= MAX_BATCH) {
        // The last batch of a round may carry items queued meanwhile: no extra request for them.
        const batch = retry ?? next();
        retry = undefined;
        if (batch) {
          const [body, items, dropped] = batch;
          const result = await request(body);
          if (stopped) return;
          const { status } = result;
          // Only failures that may heal by themselves are retried: no reply, 429 and 5xx.
          const failed = !status || status === 429 || status > 499;
          const again = failed && ++attempts < MAX_ATTEMPTS;
          // No request before the time Retry-After names (a past one is no wait), nor before the
          // backoff when this batch is retried.
          const asked = retryAfterMs(result.retryAfter, Date.now());
          notBefore = Date.now() + Math.max(asked, again ? retryDelayMs(attempts, Math.random()) : 0);
          if (again) {
            retry = batch;
            return;
          }
          const lost = !status || status > 299;
          if (lost) giveUp(items, failed ? 'retries_exhausted' : 'rejected', dropped);
          options.onResponse?.(result);
          // A batch given up ends the round: a server that failed it will not take the next now.
          if (lost) return;
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
    // text/plain: the one JSON-carrying type a cross-origin beacon may use without a preflight
    // (browsers refuse those); the endpoints read it as JSON. Refused (quota, no beacon): a
    // keepalive fetch is the next best thing to outlive the page.
    if (body && !sendBeacon(endpoint, body, 'text/plain')) void request(body);
  };

  const flushOnExit = (): void => {
    // A body waiting for its retry goes now (one in flight goes on by itself: keepalive).
    beacon(retry?.[0]);
    retry = undefined;
    while (queue.length) beacon(next()?.[0]);
    // Counts nothing else carried go alone: the last chance for the server to hear of them.
    const dropped = report();
    if (dropped) beacon(options.encode([], dropped));
  };
  const unsubscribe = onPageExit(flushOnExit);

  return {
    enqueue(item) {
      let verdict: boolean | DropReason = 'oversize';
      try {
        const size = utf8ByteLength(JSON.stringify(item));
        // An item larger than the whole cap is refused rather than flushing everything else out.
        if (!stopped && size <= maxQueueBytes) verdict = beforeSend(item);
        if (verdict === true) {
          queue.push([item, size]);
          bytes += size;
          while (bytes > maxQueueBytes) {
            const [oldest, oldSize] = queue.shift()!;
            bytes -= oldSize;
            giveUp([oldest], 'queue_full');
          }
          schedule();
          return true;
        }
      } catch {
        // not JSON (a cycle, a BigInt), or a throwing hook: refused like the rest
      }
      giveUp([item], (verdict || 'filtered') as DropReason);
      return false;
    },
    drop,
    flush,
    flushOnExit,
    stop() {
      stopped = true;
      queue = [];
      retry = undefined;
      counts = {};
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
