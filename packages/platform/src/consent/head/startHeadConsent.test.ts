import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleConsentData as consentData } from '../../../../server/src/consent/testing/generateTcStrings.js';
import { resetCmpWindow, stubFetch } from '../testing/consentTestPage.js';
import type { PingReturn } from '../types.js';
import { CONSENT_BOOTSTRAP_ID } from './consentBootstrap.js';
import type { GppHandler, UsnatData } from '../gpp/index.js';
import type { InstallGppApi } from './usnatData.js';
import { headConsent, startHeadConsent } from './startHeadConsent.js';

const usnat: UsnatData = { decided: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: false, gpc: false, updatedAt: 1_700_000_000_000 };

/** Puts the server's block (raw text) and the form token into a fresh document. */
function pageWith(blockText?: string): void {
  document.head.innerHTML = '<meta name="form-token" content="form-token-123">';
  if (blockText === undefined) return;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CONSENT_BOOTSTRAP_ID;
  block.textContent = blockText;
  document.head.appendChild(block);
}

const fakeGpp = () => {
  const handler: GppHandler = { update: vi.fn(), gppString: () => 'DBA', stop: vi.fn() };
  const install = vi.fn<InstallGppApi>(() => handler);
  return { handler, install };
};

let fresh: Window;
beforeEach(() => {
  resetCmpWindow();
  // The registry lives on the window; a fresh object per test that forwards everything else.
  fresh = Object.create(window) as Window;
  Object.defineProperty(fresh, 'document', { value: document });
});
afterEach(() => vi.unstubAllGlobals());

const ping = () => {
  let answer: PingReturn | undefined;
  (fresh as unknown as { __tcfapi: (...a: unknown[]) => void }).__tcfapi('ping', 2, (p: PingReturn) => (answer = p));
  return answer;
};

describe('startHeadConsent', () => {
  it('answers from the page data at once, with the ids the server encodes, and registers itself for the app', () => {
    const calls = stubFetch(() => consentData());
    const data = consentData({ cmpId: 301, cmpVersion: 4 });
    pageWith(JSON.stringify({ regime: 'tcf', country: 'ES', gpc: false, tcf: data }));
    const head = startHeadConsent({ window: fresh });
    expect(ping()).toMatchObject({ cmpStatus: 'loaded', cmpId: 301, cmpVersion: 4 });
    expect(head?.consent.state()).toMatchObject({ eventStatus: 'tcloaded', data });
    expect(headConsent(fresh)).toBe(head);
    expect(startHeadConsent({ window: fresh })).toBe(head); // a second start finds the first
    expect(calls).toEqual([]);
  });

  it('without a block installs only the stub, registers nothing, and the app handler asks the server', () => {
    pageWith();
    expect(startHeadConsent({ window: fresh })).toBeUndefined();
    expect(ping()).toMatchObject({ cmpStatus: 'stub' });
    expect(headConsent(fresh)).toBeUndefined();
  });

  it('refuses a block that is not JSON, keeping the failure for the app logger', () => {
    pageWith('{"regime":"tcf",');
    const head = startHeadConsent({ window: fresh });
    expect(ping()).toMatchObject({ cmpStatus: 'error' });
    const logger = { error: vi.fn() };
    head?.useLogger(logger);
    expect(logger.error).toHaveBeenCalledWith('Failed to make a request for /i/api/iabtcf/v1/consent', null);
  });

  it('feeds GPP the US data in the usnat regime, and "none" elsewhere', () => {
    const us = fakeGpp();
    pageWith(JSON.stringify({ regime: 'usnat', country: 'US', gpc: false, tcf: consentData({ gdprApplies: false }), usnat }));
    startHeadConsent({ window: fresh, installGpp: us.install });
    expect(us.install).toHaveBeenCalledWith(expect.objectContaining({ cmpId: 300, cmpVersion: 1, window: fresh }));
    expect(us.handler.update).toHaveBeenCalledWith(usnat, 'usnat');

    resetCmpWindow();
    fresh = Object.create(window) as Window;
    Object.defineProperty(fresh, 'document', { value: document });
    const es = fakeGpp();
    pageWith(JSON.stringify({ regime: 'tcf', country: 'ES', gpc: false, tcf: consentData() }));
    startHeadConsent({ window: fresh, installGpp: es.install });
    expect(es.handler.update).toHaveBeenCalledWith(null, 'none');
  });

  it('does not feed GPP tampered US data, and says so', () => {
    const us = fakeGpp();
    pageWith(JSON.stringify({ regime: 'usnat', country: 'US', gpc: false, tcf: consentData({ gdprApplies: false }), usnat: { ...usnat, saleOptOut: 'no' } }));
    const head = startHeadConsent({ window: fresh, installGpp: us.install });
    expect(us.handler.update).toHaveBeenCalledWith(null, 'none');
    const logger = { error: vi.fn() };
    head?.useLogger(logger);
    expect(logger.error).toHaveBeenCalledWith("consent: the page's US consent data is not valid");
  });

  it('saves the GPC opt-out when the GPP handler asks, and applies the stored reply', async () => {
    const us = fakeGpp();
    const stored: UsnatData = { decided: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true, updatedAt: 1_700_000_500_000 };
    const calls = stubFetch(() => stored);
    pageWith(JSON.stringify({ regime: 'usnat', country: 'US', gpc: true, tcf: consentData({ gdprApplies: false }), usnat: { ...usnat, decided: false } }));
    startHeadConsent({ window: fresh, installGpp: us.install });
    us.install.mock.calls[0]?.[0].saveGpc?.();
    await vi.waitFor(() => expect(us.handler.update).toHaveBeenLastCalledWith(stored, 'usnat'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/i/api/gpp/v1/usnat');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
    expect((calls[0]?.init.headers as Record<string, string>)['X-CSRF']).toBe('form-token-123');
  });

  it('asks nothing of the server for GPC outside the US regime, and logs a failed save', async () => {
    const es = fakeGpp();
    const calls = stubFetch(() => new Response('{}', { status: 500 }));
    pageWith(JSON.stringify({ regime: 'tcf', country: 'ES', gpc: true, tcf: consentData() }));
    startHeadConsent({ window: fresh, installGpp: es.install });
    es.install.mock.calls[0]?.[0].saveGpc?.();
    expect(calls).toEqual([]);

    resetCmpWindow();
    fresh = Object.create(window) as Window;
    Object.defineProperty(fresh, 'document', { value: document });
    const us = fakeGpp();
    pageWith(JSON.stringify({ regime: 'usnat', country: 'US', gpc: true, tcf: consentData({ gdprApplies: false }), usnat }));
    const head = startHeadConsent({ window: fresh, installGpp: us.install });
    const logger = { error: vi.fn() };
    head?.useLogger(logger);
    us.install.mock.calls[0]?.[0].saveGpc?.();
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalledWith('Failed to make a request for /i/api/gpp/v1/usnat', 500));
    expect(us.handler.update).toHaveBeenCalledTimes(1); // only the page's data
  });
});
