import { describe, expect, it } from 'vitest';
import type { NewConsentChoice } from '../../consent/consentStorage.js';
import type { ConsentDay } from '../../consent/contract.js';
import { consentChoice, DAY, dayOf, HOUR, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const noReconsents = { expired: 0, gvl_vendors: 0, site_vendors: 0, policy: 0 };
const accepted: Partial<NewConsentChoice> = { visitorId: 'v2', choice: 'accept_all', purposes: [1, 2, 3], vendors: [10, 20] };

/** The consent ports: a visitor's newest choice, and the per-day summary of last choices. */
export function describeConsentPorts(open: OpenStore): void {
  describe('consent ports', () => {
    const store = storePerTest(open);
    const insert = (choice: Partial<NewConsentChoice>) => store().ingest.consent.insertConsentChoice(consentChoice(choice));
    const latest = (visitorId: string) => store().query.consent.latestConsentChoice(visitorId);

    it('reads back the newest choice of a visitor exactly as stored', async () => {
      const newer = consentChoice({
        createdAt: T0 + 2 * HOUR, choice: 'custom', purposes: [1], specialFeatures: [], vendors: [10], objectedPurposes: [2, 7],
        objectedVendors: [20], disclosedVendors: null, reconsentReason: 'gvl_vendors', language: null, userAgent: null,
      });
      await store().ingest.consent.insertConsentChoice(newer);
      await insert({ createdAt: T0 + HOUR });
      await insert({ visitorId: 'someone-else', createdAt: T0 + 3 * HOUR });
      expect(await latest('visitor-1')).toEqual(newer);
      expect(await latest('nobody')).toBeNull();
    });

    it('takes the one stored last when two choices have the same time', async () => {
      await insert({ choice: 'accept_all' });
      await insert({ choice: 'reject_all', purposes: [], vendors: [] });
      expect((await latest('visitor-1'))?.choice).toBe('reject_all');
    });

    it('counts each visitor once per UTC day by their last choice that day, in [since, until)', async () => {
      await insert({ visitorId: 'v1', createdAt: T0 + HOUR });
      await insert({ visitorId: 'v1', createdAt: T0 + 2 * HOUR, choice: 'custom', purposes: [1], vendors: [10], objectedPurposes: [2], objectedVendors: [20], reconsentReason: 'expired' });
      await insert({ visitorId: 'v1', createdAt: T0 + 3 * HOUR, choice: 'reject_all', purposes: [], vendors: [], objectedPurposes: [2, 7], objectedVendors: [20], reconsentReason: 'expired' });
      await insert({ ...accepted, createdAt: T0 + 5 * HOUR, reconsentReason: 'policy' });
      await insert({ ...accepted, visitorId: 'v3', createdAt: T0 + DAY + HOUR });
      await insert({ ...accepted, visitorId: 'v4', createdAt: T0 - 1 });
      await insert({ ...accepted, visitorId: 'v5', createdAt: T0 + 2 * DAY });
      const days = await store().query.consent.consentSummary({ since: T0, until: T0 + 2 * DAY });
      expect(days).toEqual<ConsentDay[]>([
        {
          day: dayOf(T0), visitors: 2, choices: { accept_all: 1, reject_all: 1, custom: 0 },
          purposes: { 1: 1, 2: 1, 3: 1 }, purposeObjections: { 2: 1, 7: 1 }, vendorConsents: { 10: 1, 20: 1 }, vendorObjections: { 20: 1 },
          reconsents: { ...noReconsents, expired: 1, policy: 1 },
        },
        {
          day: dayOf(T0 + DAY), visitors: 1, choices: { accept_all: 1, reject_all: 0, custom: 0 },
          purposes: { 1: 1, 2: 1, 3: 1 }, purposeObjections: {}, vendorConsents: { 10: 1, 20: 1 }, vendorObjections: {},
          reconsents: noReconsents,
        },
      ]);
    });

    it('lists only days with choices, oldest first, cut at UTC midnight, and nothing for an empty range', async () => {
      await insert({ visitorId: 'late', createdAt: T0 + 2 * DAY + HOUR });
      await insert({ visitorId: 'early', createdAt: T0 + HOUR });
      await insert({ visitorId: 'last-ms', createdAt: T0 + DAY - 1 });
      await insert({ visitorId: 'midnight', createdAt: T0 + 2 * DAY });
      const days = await store().query.consent.consentSummary({ since: T0, until: T0 + 3 * DAY });
      expect(days.map((d) => [d.day, d.visitors])).toEqual([[dayOf(T0), 2], [dayOf(T0 + 2 * DAY), 2]]);
      expect(await store().query.consent.consentSummary({ since: T0 + 3 * DAY, until: T0 + 4 * DAY })).toEqual([]);
    });
  });
}
