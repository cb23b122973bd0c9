import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { browserForThisFile } from './engine.js';

const platformDist = new URL('../../../packages/platform/dist/', import.meta.url).pathname;

/**
 * One browser of this run's engine (E2E_ENGINE: chromium, firefox or webkit) for every test of the
 * calling file. The old name of `browserForThisFile` (support/engine.ts): files written when the
 * suite ran in Chromium only run in all three engines unchanged.
 */
export const chromiumForThisFile = browserForThisFile;

/**
 * Opens a test page on the real server's origin without adding test routes to the server: the
 * page itself and the built platform modules (`/__platform/<module>/index.js`) are answered by
 * Playwright, every other request (the endpoints) reaches the real server.
 */
export async function openFixture(page: Page, baseURL: string, name: string, html: string): Promise<void> {
  await page.route(`${baseURL}/__platform/**`, async (route) => {
    const rel = normalize(new URL(route.request().url()).pathname.replace('/__platform/', ''));
    if (rel.startsWith('..')) return route.abort();
    try {
      const body = await readFile(join(platformDist, rel));
      await route.fulfill({ body, contentType: 'text/javascript' });
    } catch {
      await route.fulfill({ status: 404, body: 'not built: ' + rel });
    }
  });
  await page.route(`${baseURL}/__fixture/${name}.html`, (route) =>
    route.fulfill({ body: `<!doctype html><html><head><meta charset="utf-8"></head><body>${html}</body></html>`, contentType: 'text/html' }),
  );
  await page.goto(`${baseURL}/__fixture/${name}.html`);
}

/** Polls `check` until it returns a value (not undefined) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000, label = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { engine, browserForThisFile, itExceptIn, describeExceptIn, type Engine } from './engine.js';
