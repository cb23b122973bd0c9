import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createComponentLoader } from './createComponentLoader.js';
import { defineComponent } from './pageState.js';
import { resources } from './resources.js';
import { answer, describeElement, flush, reply, useLoaderTestPage } from './testing/loaderTestPage.js';

const page = useLoaderTestPage();
const { finishAssets } = page;

describe('createComponentLoader', () => {
  it('asks the server, merges resources, loads assets and resolves with the definition', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(200, reply({
        scripts: ['/assets/deals.js'],
        styles: ['/assets/deals.css'],
        stringMap: { 'deals.title': 'Deals for {city}' },
        imageMap: { 'deals.hero': '/img/hero.webp' },
        propertyMap: { 'deals.max': 3 },
        resourceMap: { 'deals.api': { url: '/deals' } },
        mappings: { 'widgets/deals': '/assets/deals.js' },
      })),
    );
    const loader = createComponentLoader();
    const loading = loader.load('widgets/deals', { locale: 'es' });
    await finishAssets((url) => url === '/assets/deals.js' && defineComponent('widgets/deals', 'DealsComponent'));
    await expect(loading).resolves.toBe('DealsComponent');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/a/api/dynamic/import');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(JSON.parse(String(init?.body))).toEqual({
      componentPath: 'widgets/deals', locale: 'es', loadedComponents: [], mappings: {}, r9version: '2026.1.0',
    });
    expect(loader.isLoaded('widgets/deals')).toBe(true);
    expect(resources.string('deals.title', { city: 'Madrid' })).toBe('Deals for Madrid');
    expect(resources.string('nope')).toBe('MISSING STRING [nope]');
    expect(resources.image('deals.hero')).toBe('/img/hero.webp');
    expect(resources.property('deals.max')).toBe(3);
    expect(resources.resource('deals.api')).toEqual({ url: '/deals' });
  });

  it('sends what the page already has with the next request', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(200, reply({ mappings: { a: '/assets/a.js' } })))
      .mockResolvedValueOnce(answer(200, reply()));
    const loader = createComponentLoader({ endpoint: '/x/import' });
    await loader.load('a');
    await loader.load('b');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ loadedComponents: ['a'], mappings: { a: '/assets/a.js' } });
  });

  it('uses a component already defined without asking anyone', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    defineComponent('search/results', 'Results');
    await expect(createComponentLoader().load('search/results')).resolves.toBe('Results');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses a preloaded entry instead of the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const loader = createComponentLoader({ preloaded: { filters: { stringMap: { 'filters.title': 'Filtros' }, scripts: ['/f.js'] } } });
    const loading = loader.load('filters');
    await finishAssets();
    await loading;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(resources.string('filters.title')).toBe('Filtros');
    expect(loader.isLoaded('filters')).toBe(true);
  });

  it('shares one pending load between concurrent calls and loads each URL once', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      answer(200, reply({ scripts: ['/assets/shared.js', '/assets/one.js'], styles: ['/assets/shared.css'] })),
    );
    const first = createComponentLoader();
    const second = createComponentLoader();
    const loads = [first.load('one'), first.load('one'), second.load('one')];
    await finishAssets();
    await Promise.all(loads);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(answer(200, reply({ scripts: ['/assets/shared.js', '/assets/two.js'], styles: ['/assets/shared.css'] })));
    const appended = vi.mocked(document.head.appendChild);
    const before = appended.mock.calls.length;
    const two = first.load('two');
    await finishAssets();
    await two;
    // Only two.js is new (preloaded, then run): shared.js and shared.css were loaded for "one".
    expect(appended.mock.calls.slice(before).map(([node]) => describeElement(node as HTMLElement))).toEqual([
      'modulepreload /assets/two.js',
      'script /assets/two.js',
    ]);
  });

  it('rejects and logs a reply that is not ok, and retries on the next call', async () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const fetchMock = vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(503, { code: 'TARMAC_INTERNAL' }))
      .mockResolvedValueOnce(answer(200, reply()));
    const loader = createComponentLoader({ logger });
    await expect(loader.load('deals')).rejects.toThrow('Dynamic import failed, status: 503');
    expect(logger.error).toHaveBeenCalledWith('Dynamic import failed, status: 503');
    expect(loader.isLoaded('deals')).toBe(false);
    await expect(loader.load('deals')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(loader.isLoaded('deals')).toBe(true);
  });

  it('does not keep a script that failed, so a retry loads it again', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, reply({ scripts: ['/assets/flaky.js'], mappings: { flaky: '/assets/flaky.js' } })));
    const loader = createComponentLoader({ logger: { error: vi.fn(), warn: vi.fn() } });
    const failing = loader.load('flaky');
    await flush();
    await flush();
    page.added.splice(0).forEach((element) => element.onerror?.(new Event('error')));
    await expect(failing).rejects.toThrow('Could not load /assets/flaky.js');
    const retry = loader.load('flaky');
    await flush();
    await flush();
    // A browser may keep the failed URL's outcome (module map, HTTP cache): the retry asks for a fresh one.
    expect(page.added.map(describeElement)).toEqual(['modulepreload /assets/flaky.js?retry=1', 'script /assets/flaky.js?retry=1']);
    await finishAssets();
    await expect(retry).resolves.toBeUndefined();
  });

  it('rejects a missing component path without a request', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await expect(createComponentLoader().load('')).rejects.toThrow('component path');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('stylesheet polling', () => {
  let sheets: { href: string }[] = [];
  beforeEach(() => {
    sheets = [];
    vi.spyOn(document, 'styleSheets', 'get').mockImplementation(() => sheets as unknown as StyleSheetList);
    // Only the poll's clock is faked; fetch and promises run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });

  it('resolves once the sheet appears in document.styleSheets, checking every 50 ms', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, reply({ styles: ['/assets/poll.css'] })));
    const loader = createComponentLoader({ pollStylesheets: true });
    const loading = loader.load('polled');
    let done = false;
    void loading.then(() => (done = true));
    await vi.waitFor(() => expect(page.added).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(false);
    sheets.push({ href: (page.added[0] as HTMLLinkElement).href });
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(true);
  });

  it('gives up after the time limit with a clear error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, reply({ styles: ['/assets/never.css'] })));
    const loader = createComponentLoader({ pollStylesheets: true, stylesheetTimeoutMs: 300, logger: { error: vi.fn(), warn: vi.fn() } });
    const loading = loader.load('never');
    const outcome = loading.catch((error: Error) => error.message);
    await vi.waitFor(() => expect(page.added).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(250);
    expect(page.added[0]).toBeDefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBe('Stylesheet /assets/never.css did not load within 300 ms');
  });
});
