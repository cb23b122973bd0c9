import type { Browser } from 'playwright-core';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function post(baseURL: string, path: string, body: string, contentType: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
  if (!response.ok) throw new Error(`seeding ${path}: ${response.status} ${await response.text()}`);
}

/** Errors of three levels in one release, with stacks, a long page URL and extra arguments. */
async function seedLogs(baseURL: string, release: string, product: string): Promise<string> {
  const file = `${baseURL}/assets/checkout-3f9a2c.js`;
  // The steps that led to the error, newest first, as @tarmac/platform/breadcrumbs sends them.
  const at = Date.now();
  const trail = [
    `${at - 100} click button.result-card__select.btn "Select flight MAD → LIS, 129 EUR"`,
    `${at - 900} fetch GET /api/search/flights 200 412`,
    `${at - 1500} console warn Fare rules for MAD-LIS are older than 24 hours and were refreshed in the background`,
    `${at - 2600} nav /flights/results`,
  ].join('\n');
  const errorMessage = `Cannot read properties of undefined (reading 'fare') ${unique('a11y')}`;
  const messages = [
    [errorMessage, 'renderFareSummary', 4, 'uncaught'],
    ['Payment provider timed out after 30000 ms', 'submitPayment', 3, 'log'],
    ['Hotel images failed to load for Málaga', 'loadHotelImages', 2, 'log'],
  ].map(([message, fn, level, type], i) => ({
    id: unique(`m${i}`), groupId: unique(`g${i}`), message, contentId: String(message).length,
    extraArgs: ['{"fare":129,"currency":"EUR","route":"MAD-LIS","passengers":[{"type":"ADT"},{"type":"CHD"}],"cabin":"economy"}'],
    level, type, occurrences: 3 + i, timestamp: Date.now(),
    context: { url: `${baseURL}/flights/results?from=MAD&to=LIS&depart=2026-12-04&return=2026-12-11&adults=2&children=1&cabin=economy`, r9Version: release, 'crumbs.0': trail },
    stackTrace: [`TypeError: ${message}`, `    at ${fn} (${file}:12:34)`, `    at HTMLButtonElement.onClick (${file}:88:7)`],
    parsedStackTrace: [{ functionName: fn, fileName: file, lineNo: 12, colNo: 34 }, { functionName: 'HTMLButtonElement.onClick', fileName: file, lineNo: 88, colNo: 7 }],
    fileName: file, lineNo: 12, colNo: 34,
  }));
  const dropped = { id: unique('drops'), counts: { queue_full: 12, retries_exhausted: 2 } };
  await post(baseURL, '/log/client/messages', JSON.stringify({ product, reqNo: 1, messages, dropped }), 'application/json');
  return errorMessage;
}

/** Four perf reports for each of three pages, good, middling and poor, so every rating shows. */
async function seedVitals(baseURL: string): Promise<void> {
  const pages = [['flights', 'home', 'landing', 1800, 90, 0.05], ['flights', 'results', 'list', 3100, 260, 0.18], ['hotels', 'results', 'list', 4600, 640, 0.31]] as const;
  for (const [vertical, pageId, subPageId, lcp, inp, cls] of pages) {
    for (let k = 0; k < 4; k++) {
      const nav = Date.now() - 60_000 * (k + 1);
      const at = (ms: number) => String(nav + ms);
      const form = new URLSearchParams({
        id: unique('perf'), nt_nav_st: String(nav), nt_fet_st: at(2), nt_dns_st: at(3), nt_dns_end: at(20), nt_con_st: at(20), nt_con_end: at(60),
        nt_ssl_st: at(35), nt_req_st: at(61), nt_res_st: at(200), nt_res_end: at(260), nt_domint: at(600), nt_domcomp: at(900), nt_load_st: at(910),
        nt_load_end: at(930), nt_nav_type: '0', wv_lcp: String(lcp + k * 150), wv_inp: String(inp + k * 20), wv_cls: String(cls + k * 0.01),
        wv_fcp: String(lcp * 0.6), wv_ttfb: String(200 + k * 300), wv_fid: String(inp / 4),
        url: `${baseURL}/${vertical}/${pageId}`, vertical, pageId, subPageId, pageTag: 'console-a11y',
      });
      await post(baseURL, '/s/run/perf', form.toString(), 'application/x-www-form-urlencoded');
    }
  }
}

/** Page views and events on percent-encoded paths (one with a malformed escape), and drops. */
async function seedAnalytics(baseURL: string, arrowPath: string, malformedPath: string): Promise<void> {
  const paths = [arrowPath, '/vs/hotels/results/M%C3%A1laga', '/vs/flights/home', malformedPath];
  const events = paths.flatMap((path, i) => [0, 1, 2].flatMap((k) => [
    { id: unique('pv'), type: 'pageview', path, timestamp: Date.now(), vertical: path.split('/')[2], locale: k ? 'en' : 'es', affiliate: 'tarmac' },
    { id: unique('ev'), type: 'event', path: `${path}/select`, timestamp: Date.now(), vertical: path.split('/')[2], locale: 'en', category: 'results', action: 'select', nonInteraction: (i + k) % 4 === 0 },
  ]));
  await post(baseURL, '/a/api/analytics/events', JSON.stringify({ events, dropped: { id: unique('adrop'), counts: { consent: 5 } } }), 'text/plain;charset=UTF-8');
}

/** A visitor of the site who answers the consent banner, and one signals fallback hit. */
async function seedVisitor(baseURL: string, browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/`);
  const formToken = await page.locator('meta[name="form-token"]').getAttribute('content');
  const statuses = await page.evaluate(async (token) => {
    const consent = await fetch('/i/api/iabtcf/v1/consent', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf': token }, body: JSON.stringify({ choice: 'accept_all' }) });
    const fallback = await fetch('/a/api/signals/fallback', { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' }, body: new URLSearchParams({ token }) });
    return [consent.status, fallback.status];
  }, formToken ?? '');
  await context.close();
  if (statuses.some((s) => s !== 200)) throw new Error(`seeding the visitor: consent ${statuses[0]}, signals fallback ${statuses[1]}`);
}

/**
 * Data for every console view, sent the way pages send it (and one alert rule through the
 * console API), so each view is audited with content in it rather than in its empty state.
 */
export async function seedConsoleData(baseURL: string, consoleToken: string, browser: Browser) {
  const release = unique('a11y-r');
  const arrowPath = `/vs/flights/results/${unique('Madrid')}%20%E2%86%92%20Lisboa`;
  const malformedPath = `/vs/cars/${unique('offer')}/100%25-off%zz`;
  const errorMessage = await seedLogs(baseURL, release, unique('console-a11y'));
  await seedVitals(baseURL);
  await seedAnalytics(baseURL, arrowPath, malformedPath);
  await seedVisitor(baseURL, browser);
  const rule = { name: 'New errors on the site', kind: 'new-group', webhookUrl: 'http://127.0.0.1:9/hook', secret: 'a'.repeat(32), minLevel: 4, enabled: false };
  await post(baseURL, '/console/api/alerts/rules', JSON.stringify(rule), 'application/json', { authorization: `Bearer ${consoleToken}` });
  return {
    release,
    errorMessage,
    arrowPath,
    arrowPathShown: decodeURIComponent(arrowPath),
    malformedPath,
    malformedPathShown: malformedPath.replace('%25', '%'),
  };
}
