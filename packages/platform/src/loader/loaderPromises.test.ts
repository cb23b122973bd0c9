import { describe, expect, it, vi } from 'vitest';
import { createComponentLoader } from './createComponentLoader.js';
import { defineComponent } from './pageState.js';
import { resources } from './resources.js';
import { answer, describeElement, flush, reply, useLoaderTestPage } from './testing/loaderTestPage.js';

// The promises of docs/loader.md that Chromium used to break; test/e2e/loader.e2e.test.ts proves
// them in the browser, these pin the loader's side of each one.
const page = useLoaderTestPage();
const { finishAssets } = page;
const quietLogger = () => ({ error: vi.fn(), warn: vi.fn() });

const settle = (element: HTMLElement | undefined, outcome: 'load' | 'error') => element?.[`on${outcome}`]?.(new Event(outcome));

describe('scripts of one reply', () => {
  it('are all preloaded at once but run one after another, in the reply order', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, reply({ scripts: ['/a.js', '/b.js', '/c.js'] })));
    const loading = createComponentLoader().load('trio');
    await vi.waitFor(() => expect(page.added.length).toBeGreaterThan(0));
    await flush();
    expect(page.added.map(describeElement)).toEqual(['modulepreload /a.js', 'modulepreload /b.js', 'modulepreload /c.js', 'script /a.js']);

    settle(page.added.at(-1), 'load');
    await flush();
    expect(page.added.map(describeElement).slice(4)).toEqual(['script /b.js']);
    settle(page.added.at(-1), 'load');
    await flush();
    expect(page.added.map(describeElement).slice(5)).toEqual(['script /c.js']);
    settle(page.added.at(-1), 'load');
    await expect(loading).resolves.toBeUndefined();
  });

  it('stop at the first that fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, reply({ scripts: ['/a.js', '/b.js'] })));
    const loading = createComponentLoader({ logger: quietLogger() }).load('pair');
    await vi.waitFor(() => expect(page.added).toHaveLength(3));
    settle(page.added[2], 'error');
    await expect(loading).rejects.toThrow('Could not load /a.js');
    expect(page.added.map(describeElement)).not.toContain('script /b.js');
  });
});

describe('a script that failed', () => {
  it('is fetched from a fresh URL on every retry when it defines the component', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, reply({ scripts: ['/entry.js'], mappings: { entry: '/entry.js' } })));
    const loader = createComponentLoader({ logger: quietLogger() });
    const asked: string[][] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const loading = loader.load('entry');
      await vi.waitFor(() => expect(page.added).toHaveLength(2));
      asked.push(page.added.map(describeElement));
      settle(page.added.splice(0)[1], 'error');
      await expect(loading).rejects.toThrow('Could not load /entry.js');
    }
    expect(asked).toEqual([
      ['modulepreload /entry.js', 'script /entry.js'],
      ['modulepreload /entry.js?retry=1', 'script /entry.js?retry=1'],
      ['modulepreload /entry.js?retry=2', 'script /entry.js?retry=2'],
    ]);
  });

  it('that is a chunk is retried from its own URL, the one the entry imports', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      answer(200, reply({ scripts: ['/chunk.js?v=1', '/entry.js'], mappings: { entry: '/entry.js' } })),
    );
    const loader = createComponentLoader({ logger: quietLogger() });
    const failing = loader.load('entry');
    await vi.waitFor(() => expect(page.added).toHaveLength(3));
    settle(page.added[2], 'error');
    await expect(failing).rejects.toThrow('Could not load /chunk.js?v=1');
    page.added.splice(0);
    const retry = loader.load('entry');
    await vi.waitFor(() => expect(page.added).toHaveLength(3));
    expect(page.added.map(describeElement)).toEqual(['modulepreload /chunk.js?v=1', 'modulepreload /entry.js', 'script /chunk.js?v=1']);
    await finishAssets();
    await expect(retry).resolves.toBeUndefined();
  });
});

describe('a component whose stylesheet failed', () => {
  it('is asked for again, without its mapping, and resolves only once the stylesheet loads', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      answer(200, reply({ scripts: ['/deals.js'], styles: ['/deals.css?v=2'], mappings: { deals: '/deals.js' } })),
    );
    const loader = createComponentLoader({ logger: quietLogger() });
    const failing = loader.load('deals');
    await vi.waitFor(() => expect(page.added).toHaveLength(3));
    // The script runs and defines the component; its stylesheet fails.
    for (const element of page.added.splice(0)) {
      if (describeElement(element) === 'script /deals.js') defineComponent('deals', 'Deals');
      settle(element, describeElement(element) === 'stylesheet /deals.css?v=2' ? 'error' : 'load');
    }
    await expect(failing).rejects.toThrow('Could not load /deals.css?v=2');
    expect(loader.isLoaded('deals')).toBe(false);

    let done = false;
    const retry = loader.load('deals').then((value) => ((done = true), value));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // Had the mapping been sent, the server would have left the script and its styles out.
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ mappings: {}, loadedComponents: [] });
    await vi.waitFor(() => expect(page.added).toHaveLength(1));
    expect(page.added.map(describeElement)).toEqual(['stylesheet /deals.css?v=2&retry=1']);
    await flush();
    expect(done).toBe(false);
    settle(page.added[0], 'load');
    await expect(retry).resolves.toBe('Deals');
    expect(loader.isLoaded('deals')).toBe(true);
  });
});

describe('a malformed reply', () => {
  const cases: [string, () => Response, string][] = [
    ['scripts as a string', () => answer(200, { ...reply(), scripts: 'a.js' }), 'Dynamic import reply for "x": scripts must be an array of strings'],
    ['a style that is not a string', () => answer(200, { ...reply(), styles: [1] }), 'Dynamic import reply for "x": styles must be an array of strings'],
    ['stringMap as an array', () => answer(200, { ...reply(), stringMap: [] }), 'Dynamic import reply for "x": stringMap must be an object of strings'],
    ['a mapping to a number', () => answer(200, { ...reply(), mappings: { x: 1 } }), 'Dynamic import reply for "x": mappings must be an object of strings'],
    ['live as a string', () => answer(200, { ...reply(), live: 'yes' }), 'Dynamic import reply for "x": live must be a boolean'],
    ['null', () => answer(200, null), 'Dynamic import reply for "x" is not an object'],
    ['HTML with status 200', () => new Response('<!doctype html><p>Welcome</p>', { headers: { 'Content-Type': 'text/html' } }), 'Dynamic import reply for "x" is not JSON'],
    ['truncated JSON', () => new Response('{"scripts":["/a.js"],"sty', { headers: { 'Content-Type': 'application/json' } }), 'Dynamic import reply for "x" is not JSON'],
  ];
  it.each(cases)('%s rejects naming the problem, and nothing of it is used', async (_name, response, message) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => response());
    const logger = quietLogger();
    await expect(createComponentLoader({ logger }).load('x')).rejects.toThrow(new Error(message));
    expect(logger.error).toHaveBeenCalledWith(message);
    expect(page.added).toEqual([]);
  });

  it('includes a preloaded entry of the wrong shape', async () => {
    const loader = createComponentLoader({ preloaded: { x: { stringMap: { 'x.title': 'X' }, imageMap: [] as unknown as Record<string, string> } } });
    await expect(loader.load('x')).rejects.toThrow('Dynamic import reply for "x": imageMap must be an object of strings');
    expect(resources.string('x.title')).toBe('MISSING STRING [x.title]');
  });
});

describe('concurrent loads of one path', () => {
  it('share a request only when their options are equal, whatever the key order', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, reply()));
    const loader = createComponentLoader();
    const loads = [
      loader.load('deals', { locale: 'es', site: 'a' }),
      loader.load('deals', { site: 'a', locale: 'es' }),
      loader.load('deals', { locale: 'en', site: 'a' }),
    ];
    await finishAssets();
    await Promise.all(loads);
    const locales = fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { locale: string }).locale);
    expect(locales.sort()).toEqual(['en', 'es']);
  });
});
