import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installConsentApi } from './installConsentApi.js';
import type { ConsentApiOptions } from './installConsentApi.js';
import { sampleConsentData as consentData } from '../../../server/src/consent/testing/generateTcStrings.js';
import { resetCmpWindow, stubFetch } from './testing/consentTestPage.js';

const logger = { error: vi.fn() };
const install = (options: Partial<ConsentApiOptions> = {}) =>
  installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'token', logger, tokenIntervalMs: 1, ...options });
const list = { gvlVersion: 1, purposes: [], specialPurposes: [], features: [], specialFeatures: [], dataCategories: [], vendors: [] };

beforeEach(() => {
  resetCmpWindow();
  logger.error.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the handler as an external store (subscribe + state)', () => {
  it('tells subscribers of every transition; the snapshot is one object until the next one', async () => {
    stubFetch(({ init }) => consentData({ showUi: init.method !== 'POST' }));
    const handler = install();
    const seen: string[] = [];
    const unsubscribe = handler.subscribe(() => seen.push(`${handler.state().cmpStatus} ${handler.state().eventStatus}`));
    await handler.ready;
    const loaded = handler.state();
    expect(handler.state()).toBe(loaded);
    handler.close();
    handler.show();
    await handler.save({ choice: 'accept_all' });
    expect(seen).toEqual(['loaded cmpuishown', 'loaded useractioncomplete', 'loaded cmpuishown', 'loaded useractioncomplete']);
    expect(handler.state()).not.toBe(loaded);
    unsubscribe();
    handler.show();
    expect(seen).toHaveLength(4);
  });

  it('tells subscribers when the load fails too', async () => {
    stubFetch(() => new Response('no', { status: 403 }));
    const handler = install();
    const statuses: string[] = [];
    handler.subscribe(() => statuses.push(handler.state().cmpStatus));
    await handler.ready;
    expect(statuses).toEqual(['error']);
  });

  it('a subscriber that throws is reported and does not stop the others', async () => {
    stubFetch(() => consentData());
    const handler = install();
    const calls: number[] = [];
    handler.subscribe(() => {
      throw new Error('boom');
    });
    handler.subscribe(() => calls.push(1));
    await handler.ready;
    expect(calls).toEqual([1]);
    expect(logger.error).toHaveBeenCalledWith('consent: subscriber threw', expect.any(Error));
  });
});

describe('vendorList', () => {
  it('fetches the list once for every caller, from vendorsUrl', async () => {
    const calls = stubFetch(({ url }) => (url.endsWith('/vendors') ? list : consentData()));
    const handler = install({ vendorsUrl: '/x/vendors' });
    const [a, b] = await Promise.all([handler.vendorList(), handler.vendorList()]);
    expect(a).toEqual(list);
    expect(b).toBe(a);
    await handler.vendorList();
    expect(calls.filter((c) => c.url === '/x/vendors')).toHaveLength(1);
  });

  it('rejects on a failed or malformed reply, and asks again on the next call', async () => {
    const replies: unknown[] = [new Response('down', { status: 503 }), { vendors: 'none' }, list];
    const calls = stubFetch(({ url }) => (url.endsWith('/vendors') ? replies.shift() : consentData()));
    const handler = install();
    await expect(handler.vendorList()).rejects.toThrow(/503/);
    await expect(handler.vendorList()).rejects.toThrow(/vendor list/);
    await expect(handler.vendorList()).resolves.toEqual(list);
    expect(calls.filter((c) => c.url === '/i/api/iabtcf/v1/vendors')).toHaveLength(3);
  });
});
