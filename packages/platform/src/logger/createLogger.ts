import { createTransport } from '../transport/index.js';
import { buildMessage } from './buildMessage.js';
import type { LogEntry } from './buildMessage.js';
import { createIgnoreList } from './ignoreRules.js';
import { LogLevel } from './levels.js';
import type { MessageLevel } from './levels.js';
import type { ClientLogBatch, ClientLogMessage, LogRules } from './types.js';

/** Settings of one logger; `product` names the part of the site it reports for. */
export interface LoggerOptions {
  product: string;
  endpoint?: string;
  flushIntervalMs?: number;
  /** Messages below this level are dropped; `LogLevel.NOTHING` sends nothing at all. */
  level?: LogLevel;
  /** Sent with every message; the logger adds `url`. */
  context?: Record<string, string | number | boolean>;
}

/** A level method: the message may be an Error (its message and stack are used) or any value. */
export type LogMethod = (message: unknown, ...extraArgs: unknown[]) => void;

/** The logger the page uses; every method is safe to call in any state and never throws. */
export interface Logger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  /** Logs a fully described entry; how captured errors carry their type, stack and place. */
  log(entry: LogEntry): void;
  /** Sends what is queued now; resolves when the request settled, never rejects. */
  flush(): Promise<void>;
  /** Ends all delivery for this page: queue dropped, timers and listeners removed. */
  stop(): void;
}

const PRODUCT = /^[\w.-]{1,64}$/;

/**
 * Creates the client logger of docs/client-logs.md: it cleans each message, queues it, and
 * sends batches of `{product, reqNo, messages}` every second (by beacon when the page is left),
 * obeying what the server replies. Invalid options are reported on the console and give a
 * logger that does nothing, since a broken logger must not break the page it watches.
 */
export function createLogger(options: LoggerOptions): Logger {
  const { product, endpoint = '/log/client/messages', flushIntervalMs, level = LogLevel.INFO, context } = options ?? {};
  const valid = typeof product === 'string' && PRODUCT.test(product);
  if (!valid) console.error('[tarmac] bad logger product', product);
  const threshold = valid ? level : LogLevel.NOTHING;
  const ignores = createIgnoreList(globalThis.navigator?.userAgent ?? '');
  // Queued messages by what makes them identical: a repeat while its twin waits only counts.
  // The map is emptied whenever messages leave the queue for a body, so a repeat is never
  // counted into a message that was already sent.
  const waiting = new Map<string, ClientLogMessage>();
  let reqNo = 0;
  let stopped = threshold > 4;
  // True while the logger itself writes to the console: a host that forwards console output
  // into this logger must not turn our own notices into new messages (feedback loop).
  let speaking = false;
  // Each note is shown once: the same reply comes back every second, and a broken server must
  // not flood the developer's console.
  const said = new Set<unknown>();
  const say = (key: unknown, kind: 'info' | 'error', ...args: unknown[]): void => {
    if (said.has(key)) return;
    said.add(key);
    speaking = true;
    try {
      console[kind](...args);
    } finally {
      speaking = false;
    }
  };

  const transport = createTransport<ClientLogMessage>({
    endpoint,
    flushIntervalMs,
    encode: (messages, dropped) => {
      // Messages leaving may no longer be counted into: later repeats start a new message.
      waiting.clear();
      // Called once per request body (retries re-send it), so this counts requests.
      return JSON.stringify({ product, reqNo: ++reqNo, messages, dropped } satisfies ClientLogBatch);
    },
    beforeSend: (message) => !ignores.matches(message),
    // A message given up is marked spent (no occurrences left), so a repeat never counts into
    // it but starts a new message; what it stood for goes into the drop counts.
    onDrop: (message) => {
      const count = message.occurrences;
      message.occurrences = 0;
      return count;
    },
    // A request that got no reply at all (status 0: offline, blocked) is no "server side
    // error" and stays silent; the transport already retried what was worth retrying.
    onResponse: ({ status, body }) => {
      if (status !== 200) {
        if (status) say(status, 'error', 'Server side error', status);
        return;
      }
      const reply = (body || {}) as LogRules;
      if (reply.message) say(reply.message, 'info', reply.message);
      // Told to stop, the page goes silent for the rest of its life: queue, counts, timers and
      // the exit beacon go with the transport, so not one more request leaves (docs/client-logs.md).
      if (reply.stopLogging === true) stop();
      ignores.add(reply);
    },
  });

  function stop(): void {
    stopped = true;
    transport.stop();
  }
  if (stopped) stop();

  const log = (entry: LogEntry): void => {
    // Levels outside DEBUG..ERROR (NOTHING, junk) are never sent: the server would reject them.
    if (stopped || speaking || !(entry.level >= threshold && entry.level >= 1 && entry.level <= 4)) return;
    try {
      const message = buildMessage({ ...entry, context: { url: globalThis.location?.href, ...context, ...entry.context } });
      const key = [message.groupId, message.type, message.message, ...message.extraArgs].join('\0');
      const twin = waiting.get(key);
      if (twin?.occurrences) twin.occurrences++;
      else if (transport.enqueue(message)) waiting.set(key, message);
    } catch {
      // never into the host page, and never into ourselves
    }
  };
  const method =
    (level: MessageLevel): LogMethod =>
    (message, ...extraArgs) =>
      log({ level, type: 'log', message, extraArgs });

  return {
    debug: method(LogLevel.DEBUG),
    info: method(LogLevel.INFO),
    warn: method(LogLevel.WARN),
    error: method(LogLevel.ERROR),
    log,
    flush: transport.flush,
    stop,
  };
}
