import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { installConsentApi } from './installConsentApi.js';
import type { ConsentApiOptions } from './installConsentApi.js';
import { installConsentStub } from './stub/installConsentStub.js';
import { sampleConsentData as consentData } from '../../../server/src/consent/testing/generateTcStrings.js';
import type { PingReturn, TCData } from './types.js';
import { callTcfApi, resetCmpWindow, stubFetch, tcfapi } from './testing/consentTestPage.js';

const TOKEN = 'form-token-123';
let logger: { error: Mock<(...args: unknown[]) => void> };

beforeEach(() => {
  resetCmpWindow();
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const install = (options: Partial<ConsentApiOptions> = {}) =>
  installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: TOKEN, logger, tokenIntervalMs: 1, ...options });

describe('installConsentApi: loading', () => {
  it('takes over the stub queue and replays the waiting calls in order once the data loaded', async () => {
    const data = consentData();
    stubFetch(() => data);
    installConsentStub();
    const order: string[] = [];
    tcfapi('getTCData', 2, () => order.push('getTCData'));
    tcfapi('addEventListener', 2, (t: TCData) => order.push(`listener ${t.eventStatus}`));
    const handler = install();
    expect(callTcfApi('getInAppTCData')).toEqual([]); // still loading: queued behind the stub's calls
    tcfapi('getInAppTCData', 2, () => order.push('getInAppTCData'));
    expect(order).toEqual([]);
    expect(await handler.ready).toBe(true);
    expect(order).toEqual(['getTCData', 'listener tcloaded', 'getInAppTCData']);
  });

  it('sends the form token in X-CSRF with a JSON content type, only once a valid token exists', async () => {
    const calls = stubFetch(() => consentData());
    const tokens = [undefined, '', 'x'.repeat(100), TOKEN];
    const handler = install({ formToken: () => tokens.shift() });
    expect(await handler.ready).toBe(true);
    expect(tokens).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/i/api/iabtcf/v1/consent');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', 'X-CSRF': TOKEN });
  });

  it('accepts a token given by a promise', async () => {
    const calls = stubFetch(() => consentData());
    expect(await install({ formToken: async () => TOKEN }).ready).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('answers ping synchronously in every state with the PingReturn fields', async () => {
    const data = consentData();
    stubFetch(() => data);
    const handler = install();
    const before = callTcfApi('ping')[0]?.value as PingReturn;
    expect(before).toMatchObject({ cmpStatus: 'stub', cmpLoaded: false, apiVersion: '2.2', cmpId: 300, cmpVersion: 1 });
    await handler.ready;
    expect(callTcfApi('ping')[0]?.value).toEqual({
      gdprApplies: true,
      cmpLoaded: true,
      cmpStatus: 'loaded',
      displayStatus: 'hidden',
      apiVersion: '2.2',
      cmpVersion: 1,
      cmpId: 300,
      gvlVersion: 42,
      tcfPolicyVersion: 5,
    });
  });

  it('shows the UI when the server says the visitor must be asked', async () => {
    stubFetch(() => consentData({ showUi: true }));
    const handler = install();
    await handler.ready;
    expect(handler.state()).toMatchObject({ cmpStatus: 'loaded', displayStatus: 'visible', eventStatus: 'cmpuishown' });
  });
});

describe('installConsentApi: failed fetch (error catalogue)', () => {
  for (const [label, reply] of [
    ['network error', new Error('offline')],
    ['status 500', new Response('{}', { status: 500 })],
    ['a reply that is not consent data', { tcString: 'nope' }],
  ] as const) {
    it(`${label}: logs, sets cmpStatus error and answers every call with failure`, async () => {
      stubFetch(() => reply);
      installConsentStub();
      const early: unknown[] = [];
      tcfapi('addEventListener', 2, (value: unknown, success: boolean) => early.push([value, success]));
      const handler = install();
      expect(await handler.ready).toBe(false);
      expect(logger.error).toHaveBeenCalledWith('Failed to make a request for /i/api/iabtcf/v1/consent', expect.anything());
      expect(early).toEqual([[{ cmpStatus: 'error' }, false]]);
      expect(callTcfApi('getTCData')).toEqual([{ value: { cmpStatus: 'error' }, success: false }]);
      expect(callTcfApi('update', consentData())).toEqual([{ value: { cmpStatus: 'error' }, success: false }]);
      expect(callTcfApi('ping')[0]?.value).toMatchObject({ cmpStatus: 'error' });
    });
  }
});
