import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile } from './support/browser.js';

const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = chromiumForThisFile();
const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** One report of a page with its LCP element and subparts, its INP target and phases, its shift's source. */
async function report(pageId: string, lcp: { target: string; value: number; delayShare: number }, inp: { target: string; value: number }, cls: { target: string; value: number }) {
  const rest = lcp.value - 200;
  const form = new URLSearchParams({
    id: unique('fix'), vertical: 'e2e', pageId, subPageId: 'list', wv_lcp: String(lcp.value), wv_inp: String(inp.value), wv_cls: String(cls.value),
    wa_lcp_target: lcp.target, wa_lcp_url: `${baseURL}/img/${lcp.target.replace(/\W/g, '')}.jpg`, wa_lcp_timeToFirstByte: '200',
    wa_lcp_resourceLoadDelay: String(rest * lcp.delayShare), wa_lcp_resourceLoadDuration: String(rest * (1 - lcp.delayShare) * 0.7),
    wa_lcp_elementRenderDelay: String(rest * (1 - lcp.delayShare) * 0.3),
    wa_inp_target: inp.target, wa_inp_type: 'pointer', wa_inp_inputDelay: '10', wa_inp_processingDuration: String(inp.value - 40), wa_inp_presentationDelay: '30',
    wa_cls_target: cls.target, wa_cls_value: String(cls.value),
  });
  const response = await fetch(`${baseURL}/s/run/perf`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  expect(response.status).toBe(204);
}

describe('the console: first view and What to fix', () => {
  it('loads for its first view (Logs, signed in) exactly the scripts the size check counts, within 120 KB, no chart library', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ name: string; encoded: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push((async () => ({ name: basename(new URL(response.url()).pathname), encoded: (await response.request().sizes()).responseBodySize }))());
    });
    await page.goto(`${baseURL}/console/#token=${token}`);
    await page.getByTestId('log-groups').waitFor();
    await page.waitForLoadState('networkidle');
    const received = await Promise.all(scripts);
    // The size check's own count (scripts/size.mjs), a plain ES module without types.
    const sizeCheck = new URL('../../scripts/lib/consoleInitialJs.mjs', import.meta.url).href;
    const { initialJs } = (await import(sizeCheck)) as { initialJs(distDir: string): { files: { file: string }[] } };
    const counted = initialJs(join(import.meta.dirname, '../../apps/console/dist'));
    expect(received.map((s) => s.name).sort()).toEqual(counted.files.map((f) => basename(f.file)).sort());
    const total = received.reduce((sum, s) => sum + s.encoded, 0);
    console.log(`console first view (Logs) JavaScript over the wire: ${(total / 1000).toFixed(1)} KB in ${received.length} scripts`);
    expect(total).toBeLessThanOrEqual(120_000);
    await context.close();
  });

  it('shows, from a page of Web vitals, its worst offenders per metric, the subparts as a bar and a hint', async () => {
    const pageId = unique('results');
    for (let k = 0; k < 6; k++) {
      await report(pageId, { target: 'img.hero', value: 4200 + k * 100, delayShare: 0.7 }, { target: 'button#slow', value: 480 + k * 10 }, { target: 'div.late-banner', value: 0.3 });
    }
    for (let k = 0; k < 2; k++) {
      await report(pageId, { target: 'h1.title', value: 1500, delayShare: 0.1 }, { target: 'a.result', value: 90 }, { target: 'p.note', value: 0.02 });
    }
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${baseURL}/console/#token=${token}`);
    await page.getByTestId('log-groups').waitFor();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Web vitals', exact: true }).click();
    const row = page.getByTestId('vitals-pages').locator('tr', { hasText: pageId });
    await row.getByTestId('vitals-fix').click();
    const view = page.getByTestId('what-to-fix');
    await view.getByTestId('fix-LCP').waitFor();
    const first = (metric: string) => view.getByTestId(`offenders-${metric}`).locator('li').first().locator('code').textContent();
    expect(await first('LCP')).toBe('img.hero');
    expect(await first('INP')).toBe('button#slow');
    expect(await first('CLS')).toBe('div.late-banner');
    expect(await view.getByTestId('hint-LCP').textContent()).toMatch(/^resource load delay: the LCP image is discovered late: preload it/);
    expect(await view.getByTestId('hint-INP').textContent()).toMatch(/^processing duration: /);
    expect(await view.getByTestId('fix-LCP').getByTestId('subpart-bar').first().locator('rect[data-subpart]').count()).toBe(4);
    await page.screenshot({ path: join(import.meta.dirname, '../../test-results/what-to-fix.png'), fullPage: true }).catch(() => undefined);
    await page.close();
  });
});
