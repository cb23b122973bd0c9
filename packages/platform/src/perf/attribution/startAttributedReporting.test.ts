import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// web-vitals is replaced so the test decides which metrics exist, for which navigation.
type Callback = (metric: object) => void;
const callbacks: Record<string, Callback> = {};
const options: Record<string, unknown> = {};
vi.doMock('web-vitals', () =>
  Object.fromEntries(
    ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'].map((name) => [`on${name}`, (cb: Callback, opts: unknown) => void ((callbacks[name] = cb), (options[name] = opts))]),
  ),
);
let firstInput: (value: number) => void = () => {};
vi.doMock('../lib/firstInputDelay.js', () => ({ firstInputDelay: (cb: typeof firstInput) => void (firstInput = cb) }));
const { startPerformanceReporting } = await import('./startAttributedReporting.js');

let forms: URLSearchParams[];
beforeEach(() => {
  forms = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, data: Blob) => {
      void data.text().then((body) => forms.push(new URLSearchParams(body)));
      return true;
    },
  });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  history.replaceState(null, '', '/');
});
afterEach(() => vi.restoreAllMocks());
const flush = () => new Promise((r) => setTimeout(r, 0));
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
};
const hardCLS = (value: number) => ({ name: 'CLS', value, navigationType: 'navigate', navigationId: 1, entries: [] });
const softLCP = (value: number, navigationId: number, url: string) => {
  document.body.innerHTML = '<ul class="results"><li id="first">x</li></ul>';
  return { name: 'LCP', value, navigationType: 'soft-navigation', navigationId, navigationURL: url, navigationStartTime: 5000, entries: [{ startTime: 5000 + value, url: '', id: '', element: document.getElementById('first') }] };
};

describe('startPerformanceReporting with attribution', () => {
  it('asks web-vitals for every change and for soft navigations', () => {
    startPerformanceReporting({}).stop();
    expect(options.LCP).toEqual({ reportAllChanges: true, reportSoftNavs: true });
    expect(options.INP).toEqual({ reportAllChanges: true, reportSoftNavs: true });
  });

  it('sends the page load as nav=hard with its navigation timing and attribution', async () => {
    const reporting = startPerformanceReporting({ pageId: 'home' });
    document.body.innerHTML = '<div id="banner">b</div>';
    callbacks.CLS!({ ...hardCLS(0.2), entries: [{ value: 0.2, startTime: 900, sources: [{ node: document.getElementById('banner') }] }] });
    hide();
    await flush();
    expect(forms).toHaveLength(1);
    expect(Object.fromEntries(['nav', 'pageId', 'wv_cls', 'wa_cls_target', 'wa_cls_time', 'wa_cls_value'].map((k) => [k, forms[0]!.get(k)]))).toEqual({
      nav: 'hard', pageId: 'home', wv_cls: '0.2', wa_cls_target: '#banner', wa_cls_time: '900', wa_cls_value: '0.2',
    });
    reporting.stop();
  });

  it("measures TTFB where web-vitals drops it: WebKit's navigation times before the time origin", async () => {
    // WebKitGTK 2.50 behind Cross-Origin-Opener-Policy: the page moved into a new process.
    const entry = { type: 'navigate', fetchStart: -2276, domainLookupStart: -2276, connectStart: -2276, connectEnd: -2276, requestStart: -2276, responseStart: -2050, redirectStart: 0, workerStart: 0 };
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) => (type === 'navigation' ? [entry] : []) as never);
    const reporting = startPerformanceReporting({});
    hide();
    await flush();
    expect(forms[0]!.get('wv_ttfb')).toBe('226');
    expect(forms[0]!.get('wa_ttfb_requestDuration')).toBe('226');
    expect(forms[0]!.get('wa_ttfb_waitingDuration')).toBe('0');
    reporting.stop();
  });

  it('sends the first input delay as wv_fid with the page load, never with a route', async () => {
    const reporting = startPerformanceReporting({});
    firstInput(12.5);
    history.pushState(null, '', '/?search=fid');
    reporting.softNavigation({ pageId: 'results' });
    callbacks.LCP!(softLCP(200, 9, location.href));
    reporting.send();
    await flush();
    expect(forms.map((f) => [f.get('nav'), f.get('wv_fid')])).toEqual([['hard', '12.5'], ['soft', null]]);
    reporting.stop();
  });
  it('on a route change sends the view that ends, and gives the route only its own metrics', async () => {
    const reporting = startPerformanceReporting({ vertical: 'flights', pageId: 'home', subPageId: 'search', pageTag: 'v1' });
    callbacks.CLS!(hardCLS(0.05));
    history.pushState(null, '', '/?search=flights-1');
    reporting.softNavigation({ pageId: 'results', subPageId: 'page-1' });
    await flush();
    expect(forms).toHaveLength(1);
    expect(forms[0]!.get('pageId')).toBe('home');
    expect(forms[0]!.get('nav')).toBe('hard');

    // The first load's values keep coming (web-vitals without soft navigations): not the route's.
    callbacks.CLS!(hardCLS(0.3));
    callbacks.TTFB!({ name: 'TTFB', value: 80, navigationType: 'navigate', navigationId: 1, entries: [] });
    callbacks.LCP!(softLCP(640, 2, location.href));
    hide();
    await flush();
    expect(forms).toHaveLength(2);
    const route = forms[1]!;
    expect(route.get('nav')).toBe('soft');
    expect(route.get('url')).toBe(location.href);
    expect(Object.fromEntries(['vertical', 'pageId', 'subPageId', 'pageTag'].map((k) => [k, route.get(k)]))).toEqual({ vertical: 'flights', pageId: 'results', subPageId: 'page-1', pageTag: 'v1' });
    expect(route.get('wv_lcp')).toBe('640');
    expect(route.get('wa_lcp_target')).toBe('#first');
    expect(route.get('wa_lcp_elementRenderDelay')).toBe('640');
    expect([...route.keys()].filter((k) => k.startsWith('nt_') || k === 'wv_cls' || k === 'wv_ttfb')).toEqual([]);
    reporting.stop();
  });

  it('takes a route\'s metrics measured before the route was announced, matched by URL', async () => {
    const reporting = startPerformanceReporting({});
    callbacks.LCP!(softLCP(300, 5, 'http://localhost:3000/?search=hotels-2'));
    callbacks.LCP!(softLCP(999, 4, 'http://localhost:3000/elsewhere'));
    history.pushState(null, '', '/?search=hotels-2');
    reporting.softNavigation({ pageId: 'results' });
    reporting.send();
    await flush();
    expect(forms.map((f) => [f.get('nav'), f.get('wv_lcp')])).toEqual([['hard', null], ['soft', '300']]);
    reporting.stop();
  });

  it('leaves out an attribution number the server would refuse the whole report for', async () => {
    const reporting = startPerformanceReporting({});
    document.body.innerHTML = '<div id="late">b</div>';
    callbacks.CLS!({ ...hardCLS(0.2), entries: [{ value: 0.2, startTime: 700_000, sources: [{ node: document.getElementById('late') }] }] });
    reporting.send();
    await flush();
    expect(forms[0]!.has('wa_cls_time')).toBe(false);
    expect(forms[0]!.get('wa_cls_target')).toBe('#late');
    reporting.stop();
  });

  it('sends a route measured nothing of (no soft-navigation entries) as a view without values, and a route announced twice once', async () => {
    const reporting = startPerformanceReporting({});
    history.pushState(null, '', '/?search=cars-3');
    reporting.softNavigation({ pageId: 'results' });
    reporting.softNavigation({ pageId: 'results' });
    callbacks.CLS!(hardCLS(0.4));
    hide();
    await flush();
    expect(forms.map((f) => f.get('nav'))).toEqual(['hard', 'soft']);
    const route = forms[1]!;
    expect(route.get('url')).toBe(location.href);
    expect(route.get('pageId')).toBe('results');
    // The first load's CLS, arriving after the route began, stays out of the route's report.
    expect([...route.keys()].filter((k) => k.startsWith('wv_') || k.startsWith('wa_') || k.startsWith('nt_'))).toEqual([]);
    reporting.stop();
  });
});
