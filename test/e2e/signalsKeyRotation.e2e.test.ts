import { describe, expect, inject } from 'vitest';
import type { BrowserContext, Response } from 'playwright-core';
import { chromiumForThisFile, itExceptIn, NO_REQUEST_BODIES } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

/** The key id an envelope names: version 2 starts `2 | kidLength | kid | …` (docs/signals.md). */
function kidOf(postData: string): string {
  const bytes = Buffer.from(new URLSearchParams(postData).get('encryptedMetaData') ?? '', 'base64');
  return bytes[0] === 2 ? bytes.subarray(2, 2 + (bytes[1] as number)).toString('latin1') : `version ${bytes[0]}`;
}

/**
 * Opens the demo home in `context` (no request routing, which would switch Chromium's HTTP cache
 * off) and returns the key id its collector sealed with and the server's answer.
 */
async function demoUpload(context: BrowserContext): Promise<{ kid: string; status: number }> {
  const page = await context.newPage();
  const posted = new Promise<Response>((resolve) => {
    page.on('response', (r) => {
      if (r.url() === `${baseURL}/a/api/signals` && r.request().method() === 'POST') resolve(r);
    });
  });
  await page.goto(`${baseURL}/`);
  const response = await posted;
  const result = { kid: kidOf(response.request().postData() ?? ''), status: response.status() };
  await page.close();
  return result;
}

describe('signals key rotation', () => {
  // WebKitGTK under WebDriver runs an ephemeral session with no HTTP cache at all: a max-age
  // response is fetched again even by the same document, so there is no cached key to seal with.
  const skipped = `Firefox: ${NO_REQUEST_BODIES}; WebKit: WebKitGTK's automation session keeps no HTTP cache`;
  itExceptIn(['firefox', 'webkit'], skipped)('accepts a page sealing with the key its HTTP cache kept from before a rotation; a new browser gets the new key', async () => {
    const before = await consoleApi<{ kid: string }>('/signals/key');
    const context = await browser.newContext();
    expect(await demoUpload(context)).toEqual({ kid: before.kid, status: 200 });

    const rotated = await consoleApi<{ kid: string; previous: { kid: string; acceptedUntil: number } }>('/signals/key/rotate', { method: 'POST' });
    expect(rotated.previous.kid).toBe(before.kid);
    expect(rotated.kid).not.toBe(before.kid);

    // The same browser takes the key from its cache (the server now serves only the new one):
    // the envelope names the previous key, and the server opens it within the grace period.
    expect(await demoUpload(context)).toEqual({ kid: before.kid, status: 200 });
    await context.close();

    const fresh = await browser.newContext();
    expect(await demoUpload(fresh)).toEqual({ kid: rotated.kid, status: 200 });
    await fresh.close();
  });
});
