import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, eventually } from './support/browser.js';
import { measuresVital } from './support/engineMeasures.js';
import { recordPerfReports, sentPerfReports } from './support/perfReports.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

describe('the demo\'s performance offenders (?dev=1)', () => {
  it('makes the report name the late hero image, the slow button and (where layout shifts are measured) a shift after the late banner', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await recordPerfReports(page);
    await page.goto(`${baseURL}/?locale=en`);
    await page.getByTestId('consent-accept').click();
    await page.goto(`${baseURL}/?locale=en&dev=1`);
    // The panel offers the offenders; following its link loads the page with them.
    await page.getByTestId('perf-offenders').click();
    await page.waitForURL(/offenders=1/);
    await page.waitForFunction(() => {
      const hero = document.getElementById('dev-slow-hero') as HTMLImageElement | null;
      return !!hero?.complete && hero.naturalWidth > 0;
    });
    await page.locator('#dev-late-banner').waitFor();
    await page.waitForTimeout(500);
    await page.locator('#dev-slow-click').click();
    await page.waitForTimeout(1500);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    const form = await eventually(async () => (await sentPerfReports(page)).find((f) => f.get('nav') === 'hard' && f.get('url')?.includes('offenders=1')), 5000, 'the report');

    if (measuresVital('wv_lcp')) {
      expect(form.get('wa_lcp_target')).toBe('#dev-slow-hero');
      expect(form.get('wa_lcp_url')).toMatch(/\/assets\/devHero-[\w-]+\.svg$/);
      // Discovered late: most of the LCP is resource load delay.
      expect(Number(form.get('wa_lcp_resourceLoadDelay'))).toBeGreaterThan(1000);
    } else {
      // No largest-contentful-paint entries in this engine (docs/perf.md): no LCP, no LCP attribution.
      expect([...form.keys()].filter((k) => k.includes('_lcp'))).toEqual([]);
    }
    if (measuresVital('wv_inp')) {
      expect(form.get('wa_inp_target')).toBe('#dev-slow-click');
      expect(Number(form.get('wa_inp_processingDuration'))).toBeGreaterThanOrEqual(300);
    } else {
      // No Event Timing in this engine (docs/perf.md): no INP, no INP attribution.
      expect([...form.keys()].filter((k) => k.includes('_inp'))).toEqual([]);
    }
    // The page's own first paint is there in every engine.
    expect(Number(form.get('wv_fcp'))).toBeGreaterThan(0);
    if (measuresVital('wv_cls')) {
      expect(Number(form.get('wv_cls'))).toBeGreaterThan(0.05);
      expect(form.get('wa_cls_target')).toBeTruthy();
      expect(Number(form.get('wa_cls_time'))).toBeGreaterThan(2500);
    } else {
      // No layout-shift entries in this engine (docs/perf.md): no CLS and no CLS attribution, never 0.
      expect([form.has('wv_cls'), form.has('wa_cls_target')]).toEqual([false, false]);
    }
    await page.close();
  });
});
