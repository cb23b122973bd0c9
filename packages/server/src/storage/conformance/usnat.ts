import { describe, expect, it } from 'vitest';
import type { ConsentCountry } from '../../consent/contract.js';
import type { NewUsnatChoice } from '../../consent/usnatContract.js';
import { consentChoice, DAY, HOUR, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** A US choice as the US service stores it. */
function usnatChoice(overrides: Partial<NewUsnatChoice> = {}): NewUsnatChoice {
  return {
    visitorId: 'visitor-1',
    createdAt: T0 + HOUR,
    saleOptOut: true,
    sharingOptOut: false,
    targetedAdvertisingOptOut: true,
    gpc: false,
    country: 'US',
    region: 'CA',
    language: 'en',
    userAgent: 'TestAgent/1.0',
    ...overrides,
  };
}

const noTcf = { visitors: 0, choices: { accept_all: 0, reject_all: 0, custom: 0 } };
const noUsnat = { visitors: 0, saleOptOut: 0, sharingOptOut: 0, targetedAdvertisingOptOut: 0, gpc: 0 };

/** The US National ports and the per-country count of both regimes' choices. */
export function describeUsnatPorts(open: OpenStore): void {
  describe('US choice ports', () => {
    const store = storePerTest(open);
    const insert = (choice: Partial<NewUsnatChoice>) => store().ingest.consent.insertUsnatChoice(usnatChoice(choice));
    const latest = (visitorId: string) => store().query.consent.latestUsnatChoice(visitorId);

    it('reads back the newest US choice of a visitor exactly as stored', async () => {
      const newer = usnatChoice({ createdAt: T0 + 2 * HOUR, saleOptOut: false, targetedAdvertisingOptOut: false, gpc: true, region: null, language: null, userAgent: null });
      await store().ingest.consent.insertUsnatChoice(newer);
      await insert({ createdAt: T0 + HOUR });
      await insert({ visitorId: 'someone-else', createdAt: T0 + 3 * HOUR });
      expect(await latest('visitor-1')).toEqual(newer);
      expect(await latest('nobody')).toBeNull();
    });

    it('takes the one stored last when two US choices have the same time, and keeps TCF choices apart', async () => {
      await insert({ saleOptOut: true });
      await insert({ saleOptOut: false, sharingOptOut: true });
      expect(await latest('visitor-1')).toMatchObject({ saleOptOut: false, sharingOptOut: true });
      expect(await store().query.consent.latestConsentChoice('visitor-1')).toBeNull();
    });

    it('keeps the country of a TCF choice, and null where none was recorded', async () => {
      await store().ingest.consent.insertConsentChoice(consentChoice({ visitorId: 'fr', country: 'FR' }));
      await store().ingest.consent.insertConsentChoice(consentChoice({ visitorId: 'old', country: null }));
      expect((await store().query.consent.latestConsentChoice('fr'))?.country).toBe('FR');
      expect((await store().query.consent.latestConsentChoice('old'))?.country).toBeNull();
    });

    it('counts each visitor once per country by their last choice in [since, until), busiest country first', async () => {
      const tcf = (visitorId: string, country: string | null, choice: 'accept_all' | 'reject_all' | 'custom', at = T0 + HOUR) =>
        store().ingest.consent.insertConsentChoice(consentChoice({ visitorId, country, choice, createdAt: at }));
      await tcf('e1', 'ES', 'reject_all', T0 + HOUR);
      await tcf('e1', 'ES', 'accept_all', T0 + 2 * HOUR); // e1's last word
      await tcf('e2', 'ES', 'custom');
      await tcf('f1', 'FR', 'reject_all');
      await tcf('o1', null, 'accept_all');
      await tcf('late', 'DE', 'accept_all', T0 + 2 * DAY); // outside the window
      await insert({ visitorId: 'u1', saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
      await insert({ visitorId: 'u2', createdAt: T0 + HOUR, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true });
      await insert({ visitorId: 'u2', createdAt: T0 + 3 * HOUR, saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: true });
      await insert({ visitorId: 'u3', saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false });
      await insert({ visitorId: 'early', createdAt: T0 - 1 });
      const countries = await store().query.consent.consentCountries({ since: T0, until: T0 + DAY });
      expect(countries).toEqual<ConsentCountry[]>([
        { country: 'US', tcf: noTcf, usnat: { visitors: 3, saleOptOut: 1, sharingOptOut: 1, targetedAdvertisingOptOut: 2, gpc: 1 } },
        { country: 'ES', tcf: { visitors: 2, choices: { accept_all: 1, reject_all: 0, custom: 1 } }, usnat: noUsnat },
        { country: 'FR', tcf: { visitors: 1, choices: { accept_all: 0, reject_all: 1, custom: 0 } }, usnat: noUsnat },
        { country: null, tcf: { visitors: 1, choices: { accept_all: 1, reject_all: 0, custom: 0 } }, usnat: noUsnat },
      ]);
      expect(await store().query.consent.consentCountries({ since: T0 + 3 * DAY, until: T0 + 4 * DAY })).toEqual([]);
    });
  });
}
