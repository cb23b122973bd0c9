import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { routePerfAssets, solidPng } from './perfFixture.js';

const attributionBuild = new URL('../../../node_modules/web-vitals/dist/web-vitals.attribution.js', import.meta.url).pathname;

/**
 * The perf fixture's assets (web-vitals at `/__wv/`, the hero image answered after
 * `imageDelayMs`), plus web-vitals' own attribution build at `/__wv/ref/attribution.js`: the
 * reference each attributed report is compared with.
 */
export async function routeAttributionAssets(page: Page, baseURL: string, imageDelayMs: number): Promise<void> {
  await routePerfAssets(page, baseURL, imageDelayMs);
  // The hero as a noisy image (Playwright tries the route added last first), so that Chromium
  // takes it for the LCP: this page's hero is in the HTML, with nothing else large to paint.
  const hero = solidPng(900, 600, true);
  await page.route(`${baseURL}/__fixture/hero.png`, async (route) => {
    await new Promise((r) => setTimeout(r, imageDelayMs));
    await route.fulfill({ body: hero, contentType: 'image/png' });
  });
  const build = await readFile(attributionBuild);
  await page.route(`${baseURL}/__wv/ref/attribution.js`, (route) => route.fulfill({ body: build, contentType: 'text/javascript' }));
}

/**
 * A page with the three offenders the attribution must name: a hero image whose response comes
 * late (the LCP), a button whose click handler blocks for `window.nextDelay` ms (the INP), and a
 * banner inserted above the content at 400 ms that pushes it down (the CLS). web-vitals'
 * attribution build reports on the same page into localStorage (`ref`), the primitives only.
 */
export function attributionFixtureHtml(options: { pageId: string; pageTag: string }): string {
  return `
    <script type="importmap">{"imports": {"web-vitals": "/__wv/web-vitals.js"}}</script>
    <style>
      body { margin: 0; font: 18px/1.5 sans-serif; }
      #banner { height: 160px; background: #ffd43b; }
      main { display: flow-root; padding: 8px; }
      #slow { display: block; width: 300px; height: 60px; margin: 10px; font-size: 20px; }
      #hero { display: block; width: 900px; height: 560px; }
    </style>
    <div id="top"></div>
    <main class="content page">
      <h1>Fixture page for attribution</h1>
      <button id="slow" class="buy">Slow button</button>
      <img id="hero" src="/__fixture/hero.png" width="900" height="560" alt="">
    </main>
    <script type="module">
      import { onCLS, onFCP, onINP, onLCP, onTTFB } from '/__wv/ref/attribution.js';
      import { startPerformanceReporting } from '/__platform/perf/attribution/index.js';
      localStorage.clear();
      const ref = {};
      const primitives = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v === undefined || typeof v !== 'object'));
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB])
        on((m) => {
          ref[m.name] = { value: m.value, ...primitives(m.attribution), script: m.attribution.longestScript ? primitives(m.attribution.longestScript.entry.toJSON()) : undefined };
          localStorage.setItem('ref', JSON.stringify(ref));
        }, { reportAllChanges: true });
      window.reporting = startPerformanceReporting({ vertical: 'e2e', pageId: ${JSON.stringify(options.pageId)}, subPageId: 'attribution', pageTag: ${JSON.stringify(options.pageTag)} });
      setTimeout(() => { const b = document.createElement('div'); b.id = 'banner'; document.getElementById('top').append(b); }, 400);
      // The module runs after parsing; on a slow machine the image may have loaded before it.
      const hero = document.getElementById('hero');
      if (hero.complete && hero.naturalWidth > 0) window.heroLoaded = true;
      else hero.onload = () => (window.heroLoaded = true);
      window.nextDelay = 0;
      document.getElementById('slow').addEventListener('click', function slowHandler() {
        const until = performance.now() + window.nextDelay;
        while (performance.now() < until);
      });
      window.fixtureReady = true;
    </script>`;
}
