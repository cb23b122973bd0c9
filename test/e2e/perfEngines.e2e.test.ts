import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForThisFile, engine, eventually, openFixture } from './support/browser.js';
import { MEASURES, VITALS } from './support/engineMeasures.js';
import { consoleApi } from './support/consoleApi.js';
import { perfFixtureHtml, routePerfAssets } from './support/perfFixture.js';

// What each engine measures, as this test observes it on the same page (a late image, layout
// shifts, slow clicks) — the table in docs/perf.md. A metric the engine lacks must be absent from
// its stored report (null), never 0.
const baseURL = inject('baseURL');
const browser = browserForThisFile();

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function clickSlow(page: Page, delayMs: number): Promise<void> {
  await page.evaluate((ms) => ((window as unknown as { nextDelay: number }).nextDelay = ms), delayMs);
  await page.locator('#slow').click();
}

describe(`what ${engine} measures`, () => {
  it('reports exactly the metrics of its row in docs/perf.md, the others absent (null), never 0', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    const pageTag = unique('engines');
    await routePerfAssets(page, baseURL, 300);
    await openFixture(page, baseURL, 'perf', perfFixtureHtml({ pageId: unique('page'), pageTag, withImage: true }));
    await page.waitForFunction(() => (window as unknown as { heroLoaded?: boolean }).heroLoaded === true);
    const types = await page.evaluate(() => PerformanceObserver.supportedEntryTypes);
    for (let i = 0; i < 3; i++) await clickSlow(page, 150);
    await page.goto(`${baseURL}/__fixture/after.html`);
    const report = await eventually(async () => {
      const { reports } = await consoleApi<{ reports: { vitals: Record<string, number | null> }[] }>(`/vitals/reports?vertical=e2e&pageTag=${pageTag}&limit=10`);
      return reports[0];
    }, 10_000, 'the report');
    const present = VITALS.filter((name) => report.vitals[name] !== null);
    expect(present).toEqual(MEASURES[engine].vitals);
    for (const name of VITALS) if (!present.includes(name)) expect(report.vitals[name], name).toBeNull();
    expect(report.vitals.wv_fcp).toBeGreaterThan(0);
    expect({ loaf: types.includes('long-animation-frame'), softNavigations: types.includes('soft-navigation') }).toEqual({
      loaf: MEASURES[engine].loaf,
      softNavigations: MEASURES[engine].softNavigations,
    });
    await page.close();
  });
});
