import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './createLogger.js';
import { LogLevel } from './levels.js';
import type { ClientLogBatch } from './types.js';

type Reply = { status: number; body?: unknown };
let replies: Reply[];
let fetchMock: ReturnType<typeof vi.fn>;
let beaconMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  replies = [];
  fetchMock = vi.fn(() => {
    const reply = replies.shift() ?? { status: 200, body: {} };
    return Promise.resolve(new Response(JSON.stringify(reply.body ?? {}), { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  beaconMock = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beaconMock, configurable: true, writable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const batches = (): ClientLogBatch[] =>
  fetchMock.mock.calls.map((call) => JSON.parse((call[1] as RequestInit).body as string) as ClientLogBatch);

describe('createLogger', () => {
  it('flushes every second to the endpoint with product, counted reqNo and the page url', async () => {
    const logger = createLogger({ product: 'flights', context: { locale: 'es' } });
    logger.info('first');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    logger.warn('second');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/log/client/messages');
    const sent = batches();
    expect(sent.map((b) => [b.product, b.reqNo, b.messages.map((m) => m.message)])).toEqual([
      ['flights', 1, ['first']],
      ['flights', 2, ['second']],
    ]);
    expect(sent[0]?.messages[0]?.context).toEqual({ locale: 'es', url: location.href });
    logger.stop();
  });

  it('sends identical messages once with their count, and different ones apart', async () => {
    const logger = createLogger({ product: 'hotels' });
    for (let i = 0; i < 3; i++) logger.error('Fare missing', 'leg', 1);
    logger.error('Fare missing', 'leg', 2);
    await logger.flush();
    const messages = batches()[0]?.messages ?? [];
    expect(messages.map((m) => [m.occurrences, m.extraArgs])).toEqual([
      [3, ['leg', '1']],
      [1, ['leg', '2']],
    ]);
    expect(messages[0]?.groupId).toBe(messages[1]?.groupId);
    logger.error('Fare missing', 'leg', 1);
    await logger.flush();
    expect(batches()[1]?.messages[0]?.occurrences).toBe(1);
    logger.stop();
  });

  it('drops messages below the level and sends nothing at all at NOTHING', async () => {
    const logger = createLogger({ product: 'cars', level: LogLevel.WARN });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    await logger.flush();
    expect(batches()[0]?.messages.map((m) => [m.level, m.message])).toEqual([
      [3, 'w'],
      [4, 'e'],
    ]);
    logger.log({ level: 5 as never, type: 'log', message: 'not a message level' });
    await logger.flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const silent = createLogger({ product: 'cars', level: LogLevel.NOTHING });
    silent.error('e');
    await silent.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(beaconMock).not.toHaveBeenCalled();
    logger.stop();
  });

  it('scrubs e-mails from message, arguments and stack before sending', async () => {
    const logger = createLogger({ product: 'flights' });
    const error = new Error('Booking for ann.lee@example.com failed');
    error.stack = `Error: Booking for ann.lee@example.com failed\n    at book (https://x.example/app.js:1:2)`;
    logger.error(error, { email: 'ann.lee@example.com' });
    await logger.flush();
    const body = (fetchMock.mock.calls[0]?.[1] as RequestInit).body as string;
    expect(body).not.toContain('ann.lee');
    expect(body).toContain('Booking for {email} failed');
    logger.stop();
  });

  it('sends the queue by beacon when the page is hidden', async () => {
    const logger = createLogger({ product: 'flights' });
    logger.error('leaving');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    const [url, blob] = beaconMock.mock.calls[0] as [string, Blob];
    expect(url).toBe('/log/client/messages');
    const batch = JSON.parse(await blob.text()) as ClientLogBatch;
    expect([batch.product, batch.reqNo, batch.messages[0]?.message]).toEqual(['flights', 1, 'leaving']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).not.toHaveBeenCalled();
    logger.stop();
  });

  // Issue 23: stopLogging means silence. Before, the page still sent one exit beacon with a
  // `stopped` count; now not one more request leaves, beacon included.
  it('makes no request at all once the server says stopLogging, not even on page exit', async () => {
    replies.push({ status: 200, body: { stopLogging: true, message: 'logging paused' } });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const logger = createLogger({ product: 'flights' });
    logger.error('one');
    const pending = logger.flush();
    logger.error('queued meanwhile');
    logger.error('queued meanwhile');
    await pending;
    expect(console.info).toHaveBeenCalledWith('logging paused');
    logger.error('two');
    await logger.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(batches()[0]?.messages.map((m) => m.message)).toEqual(['one']);
    expect(beaconMock).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    logger.stop();
  });

  it('obeys ignore rules and platformIgnores from then on, also for queued messages', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 TestBrowser/1.0');
    replies.push({
      status: 200,
      body: { ignore: [{ message: 'noisy' }], platformIgnores: [{ userAgent: 'TestBrowser/', message: 'quirk' }] },
    });
    const logger = createLogger({ product: 'flights' });
    logger.info('first');
    const pending = logger.flush();
    logger.info('noisy widget');
    await pending;
    logger.info('noisy again');
    logger.info('layout quirk');
    logger.info('kept');
    await logger.flush();
    expect(batches().flatMap((b) => b.messages.map((m) => m.message))).toEqual(['first', 'kept']);
    logger.stop();
  });

  it('shows an operator note once and reports a failing status once', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    replies.push({ status: 200, body: { message: 'Logging is sampled today' } });
    replies.push({ status: 200, body: { message: 'Logging is sampled today' } });
    replies.push({ status: 400 }, { status: 400 }, { status: 413 });
    const logger = createLogger({ product: 'flights' });
    for (let i = 0; i < 5; i++) {
      logger.error(`m${i}`);
      await logger.flush();
    }
    expect(info.mock.calls).toEqual([['Logging is sampled today']]);
    expect(error.mock.calls).toEqual([
      ['Server side error', 400],
      ['Server side error', 413],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    logger.stop();
  });

  it('does not feed its own console output back into itself', async () => {
    const logger = createLogger({ product: 'flights' });
    // A host page that forwards console.error into the logger, as many do.
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => logger.error(args.join(' ')));
    replies.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    logger.error('original');
    const done = logger.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches().flatMap((b) => b.messages.map((m) => m.message))).toEqual(Array(5).fill('original'));
    logger.stop();
  });

  it('rejects a bad product with a console error and does nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logger = createLogger({ product: 'no spaces please' });
    logger.error('x');
    await logger.flush();
    expect(error).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
