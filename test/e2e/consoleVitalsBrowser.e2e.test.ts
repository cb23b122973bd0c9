import { describe, expect, inject, it } from 'vitest';
import { browserForThisFile, eventually } from './support/browser.js';

const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = browserForThisFile();

// The server decides the family from the report's own User-Agent header, as it does for a page's beacon.
const AGENTS = {
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  webkit: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

async function send(agent: string, pageId: string, vitals: Record<string, number>) {
  const form = new URLSearchParams({ vertical: 'e2e', pageId, subPageId: 'engines', ...Object.fromEntries(Object.entries(vitals).map(([k, v]) => [k, String(v)])) });
  const response = await fetch(`${baseURL}/s/run/perf`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': agent },
    body: form,
  });
  expect(response.status).toBe(204);
}

describe('the console: Web vitals by browser family', () => {
  it('filters the view by family and says how many reports carry each metric', async () => {
    const pageId = `engines-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // As the engines send them: Chromium every metric, Firefox no CLS, WebKit here no LCP and no INP.
    for (const lcp of [1200, 1400, 1700]) await send(AGENTS.chromium, pageId, { wv_lcp: lcp, wv_inp: 120, wv_cls: 0.05, wv_fcp: 900, wv_ttfb: 200 });
    await send(AGENTS.firefox, pageId, { wv_lcp: 2100, wv_inp: 150, wv_fcp: 1000, wv_ttfb: 240 });
    for (const fcp of [700, 800]) await send(AGENTS.webkit, pageId, { wv_cls: 0.02, wv_fcp: fcp, wv_ttfb: 180 });

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${baseURL}/console/#token=${token}`);
    await page.getByTestId('log-groups').waitFor();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Web vitals', exact: true }).click();
    await page.getByTestId('vitals-pages').locator('tr', { hasText: pageId }).locator('button', { hasText: pageId }).first().click();
    const text = (id: string) => page.getByTestId(id).textContent();
    // Each step waits for the view to show the reply to its own filter (the view polls and re-fetches).
    const shows = (id: string, expected: string) => eventually(async () => ((await text(id))?.includes(expected) ? true : undefined), 10_000, `${id} to say "${expected}"`);

    await shows('vitals-count', '6 page views reported');
    expect(await text('vital-LCP-count')).toBe('p75 · 4 of 6 reports');
    expect(await text('vital-CLS-count')).toBe('p75 · 5 of 6 reports');
    expect(await text('vital-FCP-count')).toBe('p75 · 6 of 6 reports');

    await page.getByTestId('vitals-browser').selectOption('webkit');
    await shows('vitals-count', '2 page views reported from WebKit');
    // WebKit sent no LCP: absent, not a 0 ms LCP.
    expect(await text('vital-LCP-count')).toBe('p75 · 0 of 2 reports');
    expect(await page.getByTestId('vital-LCP').locator('strong').textContent()).toBe('—');
    expect(await text('vital-INP-count')).toBe('p75 · 0 of 2 reports');
    expect(await text('vital-FCP-count')).toBe('p75 · 2 of 2 reports');

    await page.getByTestId('vitals-browser').selectOption('chromium');
    await shows('vitals-count', '3 page views reported from Chromium');
    expect(await text('vital-LCP-count')).toBe('p75 · 3 of 3 reports');

    await page.getByTestId('vitals-browser').selectOption('');
    await shows('vitals-count', '6 page views reported');
    await page.close();
  // Four views of the console, each waited for: 103 s in WebKit at load 40 on 2 cores (once over 120 s).
  }, 240_000);
});
