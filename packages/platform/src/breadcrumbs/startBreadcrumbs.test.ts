import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMessage } from '../logger/buildMessage.js';
import type { LogEntry } from '../logger/buildMessage.js';
import { createLogger } from '../logger/createLogger.js';
import type { ClientLogBatch, ClientLogMessage } from '../logger/types.js';
import { stubNetworkForEachTest } from '../transport/testing/networkStubs.js';
import { startBreadcrumbs } from './startBreadcrumbs.js';

const network = stubNetworkForEachTest();
let stopAll: Array<() => void> = [];
afterEach(() => {
  for (const stop of stopAll) stop();
  stopAll = [];
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

// The breadcrumb lines of a sent message, newest first, without their times.
const crumbs = (message: ClientLogMessage | undefined): string[] =>
  Object.entries(message?.context ?? {})
    .filter(([key]) => key.startsWith('crumbs.'))
    .flatMap(([, value]) => String(value).split('\n'))
    .map((line) => line.replace(/^\d+ /, ''));
// What the logger sent (the stubbed fetch also sees the test's own requests).
const sentMessages = (): ClientLogMessage[] =>
  network.fetchMock.mock.calls
    .filter(([url]) => url === '/log/client/messages')
    .flatMap((call) => (JSON.parse((call[1] as RequestInit).body as string) as ClientLogBatch).messages);

function start() {
  const logger = createLogger({ product: 'demo' });
  const breadcrumbs = startBreadcrumbs(logger);
  stopAll.push(() => breadcrumbs.stop(), () => logger.stop());
  return { logger, breadcrumbs };
}

describe('startBreadcrumbs', () => {
  it('attaches clicks, navigations, console calls and requests to the errors the logger sends', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // quiet; wrapped like any console
    const { logger } = start();
    document.body.innerHTML = '<button id="search" class="cta">Search <b>flights</b></button>';
    // Seen in the capture phase: a handler that stops the event cannot hide its click.
    document.querySelector('button')!.addEventListener('click', (event) => event.stopPropagation());
    document.querySelector('b')!.click();
    history.pushState(null, '', '/results?from=MAD&email=ana@example.com');
    console.warn('slow reply', 42);
    await fetch('/a/api/search?from=MAD', { method: 'POST' });
    logger.info('not an error');
    logger.error(new Error('no fares'));
    await logger.flush();
    const [info, error] = sentMessages();
    expect(crumbs(info)).toEqual([]);
    expect(crumbs(error)).toEqual([
      expect.stringMatching(/^fetch POST \/a\/api\/search 200 \d+$/),
      'console warn slow reply',
      'nav /results',
      'click button#search.cta "Search flights"',
      'nav /',
    ]);
  });

  it('leaves the logger’s own requests out of the trail', async () => {
    const { logger } = start();
    logger.error('first');
    await logger.flush();
    logger.error('second');
    await logger.flush();
    expect(sentMessages()).toHaveLength(2);
    expect(crumbs(sentMessages()[1]).filter((line) => line.startsWith('fetch'))).toEqual([]);
  });

  it('records a failed request with status 0 and still rejects it', async () => {
    const { logger } = start();
    network.fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    await expect(fetch(new Request('https://api.example.com/v1/fares?token=abc'))).rejects.toThrow('offline');
    logger.error('after');
    await logger.flush();
    expect(crumbs(sentMessages()[0])[0]).toMatch(/^fetch GET https:\/\/api\.example\.com\/v1\/fares 0 \d+$/);
  });

  it('records XMLHttpRequests when they end, without their query string', async () => {
    const { logger } = start();
    const xhr = new XMLHttpRequest();
    const ended = new Promise((resolve) => xhr.addEventListener('loadend', resolve));
    xhr.open('GET', 'data:text/plain,ok?session=1');
    xhr.send();
    await ended;
    logger.error('after xhr');
    await logger.flush();
    expect(crumbs(sentMessages()[0])[0]).toMatch(/^xhr GET data:text\/plain,ok 200 \d+$/);
  });

  it('attaches the trail to captured errors (logger.log) at ERROR level only, after the entry’s own context', () => {
    const log = vi.fn<(entry: LogEntry) => void>();
    const logger = { log, error: vi.fn() };
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { stop } = startBreadcrumbs(logger);
    stopAll.push(stop);
    console.info('hello');
    logger.log({ level: 3, type: 'log', message: 'a warning' });
    logger.log({ level: 4, type: 'uncaught', message: 'boom', context: { page: 'home' } });
    expect(log.mock.calls[0]?.[0].context).toBeUndefined();
    const context = buildMessage(log.mock.calls[1]![0]).context;
    expect(Object.keys(context)).toEqual(['page', 'crumbs.0']);
    expect(context['crumbs.0']).toMatch(/ console info hello\n\d+ nav \/$/);
  });

  it('stop() puts back every hook and the logger’s methods', () => {
    const originals = {
      fetch: globalThis.fetch,
      open: XMLHttpRequest.prototype.open,
      pushState: history.pushState,
      warn: console.warn,
    };
    const logger = createLogger({ product: 'demo' });
    const { log, error } = logger;
    const breadcrumbs = startBreadcrumbs(logger);
    expect(globalThis.fetch).not.toBe(originals.fetch);
    expect(logger.error).not.toBe(error);
    breadcrumbs.stop();
    logger.stop();
    expect({
      fetch: globalThis.fetch,
      open: XMLHttpRequest.prototype.open,
      pushState: history.pushState,
      warn: console.warn,
    }).toEqual(originals);
    expect([logger.log, logger.error]).toEqual([log, error]);
  });

  it('keeps the page’s console working, whatever it is given', () => {
    start();
    const seen: unknown[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void seen.push(args);
    try {
      const { stop } = startBreadcrumbs({ log: vi.fn(), error: vi.fn() });
      const odd = Object.create(null) as object;
      expect(() => console.log(odd, 2)).not.toThrow();
      stop();
      expect(seen).toEqual([[odd, 2]]);
    } finally {
      console.log = original;
    }
  });
});
