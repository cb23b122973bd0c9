import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const webVitalsBuild = new URL('../../../node_modules/web-vitals/dist/web-vitals.js', import.meta.url).pathname;

/** A solid-colour PNG of the given size: a real, decodable, large image for LCP. */
export function solidPng(width: number, height: number, noisy = false): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5b)]);
  // Noisy: every byte varies, so the file is large for its area. Chromium does not take a
  // low-content image (few encoded bits per displayed pixel) for the LCP.
  const noise = (y: number) => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width * 3 }, (_, x) => (x * 7919 + y * 104729) % 251))]);
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => (noisy ? noise(y) : row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Serves web-vitals' own build twice: at `/__wv/web-vitals.js` (what the perf module's bare
 * `web-vitals` import maps to) and at `/__wv/ref/web-vitals.js`, a second, independent instance
 * the page uses as the reference the stored report is compared with. Also `/__fixture/hero.png`,
 * answered only after `imageDelayMs`, so the largest paint comes late.
 */
export async function routePerfAssets(page: Page, baseURL: string, imageDelayMs: number): Promise<void> {
  const build = await readFile(webVitalsBuild);
  await page.route(`${baseURL}/__wv/**`, (route) => route.fulfill({ body: build, contentType: 'text/javascript' }));
  const png = solidPng(900, 600);
  await page.route(`${baseURL}/__fixture/hero.png`, async (route) => {
    await new Promise((r) => setTimeout(r, imageDelayMs));
    await route.fulfill({ body: png, contentType: 'image/png' });
  });
  // A page without scripts on the same origin, to leave the fixture for and read its storage.
  await page.route(`${baseURL}/__fixture/after.html`, (route) => route.fulfill({ body: '<!doctype html><p>left</p>', contentType: 'text/html' }));
}

/**
 * The fixture page: real layout shifts (blocks inserted above the text at 300 and 700 ms), a
 * late large image, and a button whose click handler blocks the main thread for
 * `window.nextDelay` ms. The reference web-vitals writes every value it reports to
 * localStorage (`wv`), with the first-input entry's delay (`fid`), `performance.timing` and the
 * Level 2 navigation entry (`navigation`).
 */
export function perfFixtureHtml(options: { pageId: string; pageTag: string; withImage: boolean }): string {
  return `
    <script type="importmap">{"imports": {"web-vitals": "/__wv/web-vitals.js"}}</script>
    <style>
      body { margin: 0; font: 18px/1.5 sans-serif; }
      .shift { height: 140px; background: #ffd43b; }
      #slow { display: block; width: 300px; height: 60px; margin: 10px; font-size: 20px; }
      #hero { display: block; width: 900px; height: 600px; }
    </style>
    <div id="shifts"></div>
    <h1>Fixture page for performance reporting</h1>
    <p id="text">${'Some paragraph text that moves when blocks appear above it. '.repeat(6)}</p>
    <button id="slow">Slow button</button>
    <script type="module">
      import { onCLS, onFCP, onINP, onLCP, onTTFB } from '/__wv/ref/web-vitals.js';
      import { startPerformanceReporting } from '/__platform/perf/index.js';
      localStorage.clear();
      const save = (key, value) => localStorage.setItem(key, JSON.stringify(value));
      const seen = {};
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on((m) => { seen[m.name] = m.value; save('wv', seen); }, { reportAllChanges: true });
      new PerformanceObserver((list) => {
        const e = list.getEntries()[0];
        if (e) save('fid', e.processingStart - e.startTime);
      }).observe({ type: 'first-input', buffered: true });
      addEventListener('load', () => setTimeout(() => {
        save('timing', performance.timing.toJSON());
        save('navigation', { ...performance.getEntriesByType('navigation')[0]?.toJSON(), timeOrigin: performance.timeOrigin });
      }));
      window.reporting = startPerformanceReporting({ vertical: 'e2e', pageId: ${JSON.stringify(options.pageId)}, subPageId: 'fixture', pageTag: ${JSON.stringify(options.pageTag)} });
      const shift = () => { const d = document.createElement('div'); d.className = 'shift'; document.getElementById('shifts').append(d); };
      setTimeout(shift, 300);
      setTimeout(shift, 700);
      ${options.withImage ? `setTimeout(() => { const img = new Image(900, 600); img.id = 'hero'; img.src = '/__fixture/hero.png'; img.onload = () => (window.heroLoaded = true); document.body.append(img); }, 100);` : ''}
      window.nextDelay = 0;
      document.getElementById('slow').addEventListener('click', () => {
        const until = performance.now() + window.nextDelay;
        while (performance.now() < until);
      });
      window.fixtureReady = true;
    </script>`;
}
