import { describe, expect, it, vi } from 'vitest';
import type { ConsoleClient } from '../api/client';
import { advanceTimers, fakeTimerRootForEachTest } from '../hooks/testing/fakeTimerRoot';
import type { ConsentSummary } from './consentApi';
import { ConsentView } from './ConsentView';

const testRoot = fakeTimerRootForEachTest();
const clientWith = (summary: ConsentSummary) => ({ get: vi.fn(() => Promise.resolve(summary)) }) as unknown as ConsoleClient;
const noTcf = { visitors: 0, choices: { accept_all: 0, reject_all: 0, custom: 0 } };
const $$ = (selector: string) => [...testRoot.container.querySelectorAll(selector)];

describe('ConsentView per country', () => {
  it('shows US opt-out and GPC rates beside the TCF choices per country, even with no banner answers', async () => {
    testRoot.render(
      <ConsentView
        client={clientWith({
          days: [],
          purposes: [],
          vendors: [],
          countries: [
            { country: 'US', tcf: noTcf, usnat: { visitors: 4, saleOptOut: 2, sharingOptOut: 1, targetedAdvertisingOptOut: 3, gpc: 1 } },
            { country: 'DE', tcf: { visitors: 2, choices: { accept_all: 1, reject_all: 1, custom: 0 } }, usnat: { visitors: 0, saleOptOut: 0, sharingOptOut: 0, targetedAdvertisingOptOut: 0, gpc: 0 } },
          ],
        })}
      />,
    );
    await advanceTimers(0);
    expect($$('[data-testid="consent-empty"]')).toHaveLength(0);
    const cells = (code: string) => [...testRoot.container.querySelector(`[data-country="${code}"]`)!.children].map((c) => c.textContent);
    expect(cells('US')).toEqual(['United States', '0', '–', '–', '–', '4', '50%', '25%', '75%', '25%']);
    expect(cells('DE')).toEqual(['Germany', '2', '50%', '50%', '0%', '0', '–', '–', '–', '–']);
    const cards = $$('[data-testid="consent-us-totals"] .consent-view__card').map((c) => c.textContent);
    expect(cards).toEqual(['US visitors who chose4', 'Opted out of sale50%', 'Opted out of sharing25%', 'Opted out of targeted ads75%', 'GPC25%']);
  });

  it('is empty only when neither regime has answers', async () => {
    testRoot.render(<ConsentView client={clientWith({ days: [], purposes: [], vendors: [], countries: [] })} />);
    await advanceTimers(0);
    expect($$('[data-testid="consent-empty"]')).toHaveLength(1);
    expect($$('[data-testid="consent-countries"]')).toHaveLength(0);
  });
});
