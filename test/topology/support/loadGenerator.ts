import { payloadsFor, type IngestRequest, type ItemKind } from './payloads.js';

export const KINDS: readonly ItemKind[] = ['log', 'perf', 'hit'];

/** What the load run sent and what the server acknowledged, per item kind. */
export interface LoadStats {
  /** HTTP attempts, retries included. */
  requests: number;
  retries: number;
  /**
   * Retries by what caused them: a status with the reply's error code (`503 TARMAC_…`, `502`…)
   * or `network` (refused, reset, timed out).
   */
  retriesByCause: Record<string, number>;
  /** Retries by the fault going on when the failed attempt was made. */
  retriesByPhase: Record<string, number>;
  sent: Record<ItemKind, Set<string>>;
  acknowledged: Record<ItemKind, Set<string>>;
  /** Requests answered with a 4xx other than 429: a bug in the test or the server, never retried. */
  refused: string[];
  /** The stored log group of every log message sent (`product:groupId`), by message id. */
  logGroups: Map<string, string>;
}

export interface LoadOptions {
  baseUrl: string;
  runTag: string;
  loops: number;
  /** True while new requests should start. */
  keepGoing(): boolean;
  /** The fault going on now, for the figures. */
  phase(): string;
  /** After the load stops, how long a request still failing is retried before it is given up. */
  settleMs: number;
}

const REQUEST_TIMEOUT_MS = 30_000;
// The platform transport waits 1 s before its first retry, doubling; shorter here, so a fault's
// few seconds produce many retries, and never more than a few seconds.
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 4_000;
const MAX_RETRY_AFTER_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emptySets = (): Record<ItemKind, Set<string>> => ({ log: new Set(), perf: new Set(), hit: new Set() });

/** The `code` of an error reply (`{statusCode, code, reason}`), or '' when it has none. */
function errorCode(text: string): string {
  try {
    const code: unknown = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/** Retry-After in seconds or as an HTTP date, as the platform transport reads it. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/** The total of items acknowledged so far, every kind together. */
export const acknowledgedCount = (stats: LoadStats): number => KINDS.reduce((n, kind) => n + stats.acknowledged[kind].size, 0);

/**
 * Posts log batches, perf reports and analytics batches through the balancer from `loops`
 * concurrent loops while `keepGoing()`, each request retried (same body, same ids) after a
 * connection error, 429 or 5xx like the platform transport does, until it gets a 2xx or
 * `settleMs` after the load stopped. An item counts as acknowledged when its request got a 2xx.
 * `stats` fills in as the load runs; `finished` resolves once every request has ended.
 */
export function startLoad(options: LoadOptions): { stats: LoadStats; finished: Promise<LoadStats> } {
  const stats: LoadStats = {
    requests: 0,
    retries: 0,
    retriesByCause: {},
    retriesByPhase: {},
    sent: emptySets(),
    acknowledged: emptySets(),
    refused: [],
    logGroups: new Map(),
  };
  let giveUpAt = Infinity;

  const deliver = async (request: IngestRequest): Promise<void> => {
    for (const id of request.ids) stats.sent[request.kind].add(id);
    for (const [id, group] of request.groups ?? []) stats.logGroups.set(id, group);
    for (let attempt = 0; ; attempt++) {
      const phase = options.phase();
      stats.requests += 1;
      let cause: string;
      let wait: number | undefined;
      try {
        const reply = await fetch(options.baseUrl + request.path, {
          method: 'POST',
          headers: { 'content-type': request.contentType },
          body: request.body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await reply.text();
        if (reply.ok) {
          for (const id of request.ids) stats.acknowledged[request.kind].add(id);
          return;
        }
        if (reply.status !== 429 && reply.status < 500) {
          stats.refused.push(`${request.kind} ${request.path}: ${reply.status} ${text.slice(0, 200)}`);
          return;
        }
        cause = `${reply.status} ${errorCode(text)}`.trim();
        wait = retryAfterMs(reply.headers.get('retry-after'));
      } catch {
        cause = 'network';
      }
      if (Date.now() > giveUpAt) return;
      stats.retries += 1;
      stats.retriesByCause[cause] = (stats.retriesByCause[cause] ?? 0) + 1;
      stats.retriesByPhase[phase] = (stats.retriesByPhase[phase] ?? 0) + 1;
      await sleep(wait ?? Math.min(FIRST_BACKOFF_MS * 2 ** attempt, MAX_BACKOFF_MS));
    }
  };

  const loop = async (index: number) => {
    const payloads = payloadsFor(options.runTag, index);
    for (let n = index; options.keepGoing(); n++) await deliver(payloads.next(KINDS[n % KINDS.length]!));
  };

  const loops = Array.from({ length: options.loops }, (_, index) => loop(index));
  // Once no new request starts, the ones still retrying get `settleMs` more.
  const watch = (async () => {
    while (options.keepGoing()) await sleep(100);
    giveUpAt = Date.now() + options.settleMs;
  })();
  return { stats, finished: Promise.all([...loops, watch]).then(() => stats) };
}
