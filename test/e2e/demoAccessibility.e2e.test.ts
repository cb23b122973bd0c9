import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { injectAxe } from './support/axe.js';
import { chromiumForThisFile } from './support/browser.js';
import { searchFor } from './support/demoSearch.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  await injectAxe(page, baseURL);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeFinding[] }> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function openDemo(locale: 'en' | 'es', width: number): Promise<Page> {
  // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${baseURL}/?locale=${locale}`);
  await page.getByTestId('consent-banner').waitFor();
  await page.getByTestId('dynamic-deals').waitFor();
  return page;
}

describe('demo accessibility (axe-core)', () => {
  it.each([
    ['en', 1280],
    ['es', 390],
  ] as const)('%s at %i px: the first view with its banner, the settings layer and the results have no serious or critical finding', async (locale, width) => {
    const page = await openDemo(locale, width);
    expect(await seriousFindings(page), 'first view with the consent banner').toEqual([]);

    await page.getByTestId('consent-settings').click();
    await page.getByTestId('consent-settings-title').waitFor();
    expect(await seriousFindings(page), 'consent settings layer').toEqual([]);
    await page.getByTestId('consent-save').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });

    // One h1, landmarks, and no heading level skipped on the way down.
    const outline = await page.evaluate(() => ({
      h1: document.querySelectorAll('h1').length,
      landmarks: ['header', 'nav', 'main', 'footer'].filter((tag) => document.querySelector(tag)),
      levels: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
    }));
    expect(outline.h1).toBe(1);
    expect(outline.landmarks).toEqual(['header', 'nav', 'main', 'footer']);
    expect(outline.levels.every((level, i) => i === 0 || level <= outline.levels[i - 1]! + 1)).toBe(true);

    await searchFor(page, 'flights', 'Madrid', 'Lisboa');
    await page.getByTestId('offer').first().waitFor();
    await page.getByTestId('dynamic-filters').waitFor();
    expect(await seriousFindings(page), 'flight results').toEqual([]);
    await searchFor(page, 'hotels', 'Roma');
    await page.getByTestId('offer').first().waitFor();
    expect(await seriousFindings(page), 'hotel results').toEqual([]);
    await page.getByTestId('offer').first().getByRole('button').click();
    await page.getByTestId('result-dialog').waitFor();
    expect(await seriousFindings(page), 'detail dialog').toEqual([]);
    await page.context().close();
  });

  it('the Spanish header fits one line at 390 px', async () => {
    const page = await openDemo('es', 390);
    const heights = await page.evaluate(() =>
      ['.brand', '.header__links .button'].map((selector) => {
        const el = document.querySelector(selector)!;
        return { selector, height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) };
      }),
    );
    for (const { selector, height, lineHeight } of heights) expect(height, selector).toBeLessThan(lineHeight * 2);
    await page.context().close();
  });
});
