import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AlertSources } from './evaluateAlerts.js';
import { evaluateAlerts } from './evaluateAlerts.js';
import type { RetryPolicy } from './retryPolicy.js';
import { DEFAULT_RETRY, afterAttempt } from './retryPolicy.js';
import { postWebhook } from './webhook.js';

/** Settings of the alert engine; every one has a default fit for production. */
export interface AlertEngineSettings {
  /** How often rules are evaluated and due deliveries sent without an ingest asking sooner; 15 s. */
  intervalMs?: number;
  /** After a log batch is stored, how soon rules are evaluated (batches in between share the run); 1 s. */
  kickDelayMs?: number;
  /** How often vitals rules are evaluated (they read many reports); 60 s. */
  vitalsEveryMs?: number;
  retry?: RetryPolicy;
  /** A receiver that has not answered after this long counts as no response; 10 s. */
  timeoutMs?: number;
  /** Delivered and failed deliveries older than this are forgotten; 30 days. */
  keepMs?: number;
  /**
   * How long a claimed delivery is this engine's to send before another instance may retry it;
   * the timeout plus 50 s. Longer than any attempt, so only a dead instance's claim runs out.
   */
  leaseMs?: number;
  /** Names this engine in its claims; a random id (one per process is what matters). */
  owner?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The running engine: `run()` evaluates and delivers once (tests call it directly). */
export interface AlertEngine {
  run(): Promise<void>;
  /** Asks for a run soon: after a log batch, a rule change or a test alert. */
  kick(): void;
  start(): void;
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
}

const DELIVERIES_PER_RUN = 50;

/**
 * Evaluates alert rules and delivers their webhooks, one run at a time: on a timer, and soon
 * after ingest. Each run evaluates (queues new alerts) and then sends every delivery that is
 * due, in parallel; the next run is scheduled for the next interval or the earliest retry,
 * whichever comes first. Deliveries live in the store, so a restart resumes their retries.
 * Every instance of the server runs an engine on the one store: a delivery is sent by the engine
 * that claimed it (its lease outlives any attempt, so only a dead engine's claim runs out and is
 * retried by another), and the store queues each alert once however many engines see it.
 * Errors are logged (never with a secret or a body) and the engine carries on.
 */
export function createAlertEngine(store: AlertSources, log: FastifyBaseLogger, settings: AlertEngineSettings = {}): AlertEngine {
  const {
    intervalMs = 15_000,
    kickDelayMs = 1_000,
    vitalsEveryMs = 60_000,
    retry = DEFAULT_RETRY,
    timeoutMs = 10_000,
    keepMs = 30 * 24 * 60 * 60_000,
    fetch: doFetch = fetch,
    now = Date.now,
    owner = randomUUID(),
  } = settings;
  const leaseMs = settings.leaseMs ?? timeoutMs + 50_000;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let vitalsAt = -Infinity;
  let trimmedAt = -Infinity;

  async function deliverDue(): Promise<void> {
    const due = await store.alerts.claimDueAlertDeliveries(now(), DELIVERIES_PER_RUN, leaseMs, owner);
    await Promise.all(
      due.map(async (delivery) => {
        const body = JSON.stringify({ id: delivery.id, ...(JSON.parse(delivery.payload) as object) });
        const attempt = await postWebhook(
          { url: delivery.webhookUrl, secret: delivery.secret, deliveryId: delivery.id, kind: delivery.kind, body },
          { fetch: doFetch, timeoutMs, now },
        );
        const { retryAfterMs, ...kept } = attempt;
        const outcome = afterAttempt(delivery.attempts + 1, attempt.status, now(), retry, retryAfterMs);
        await store.alerts.recordAlertAttempt(delivery.id, kept, outcome, owner);
        if (outcome.status !== 'delivered') log.warn({ delivery: delivery.id, status: attempt.status, outcome: outcome.status }, `alert delivery ${attempt.error}`);
      }),
    );
  }

  async function runOnce(): Promise<void> {
    const at = now();
    const vitals = at - vitalsAt >= vitalsEveryMs;
    if (vitals) vitalsAt = at;
    await evaluateAlerts(store, at, { vitals });
    await deliverDue();
    if (at - trimmedAt >= 60 * 60_000) {
      trimmedAt = at;
      await store.alerts.trimAlertDeliveries(at - keepMs);
    }
  }

  function schedule(delayMs: number): void {
    if (!started) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (timer && at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      void run();
    }, at - Date.now());
    timer.unref();
  }

  async function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (error) {
          log.error({ err: error }, 'alert evaluation failed');
        }
      } while (again && started);
    })();
    try {
      await running;
    } finally {
      running = undefined;
    }
    const next = await store.alerts.nextAlertAttemptAt().catch(() => null);
    schedule(Math.min(intervalMs, next === null ? Infinity : next - now()));
  }

  return {
    run,
    kick: () => schedule(kickDelayMs),
    start() {
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
