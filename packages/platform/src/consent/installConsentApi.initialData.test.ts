import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { installConsentApi } from './installConsentApi.js';
import { installConsentStub } from './stub/installConsentStub.js';
import { sampleConsentData as consentData } from '../../../server/src/consent/testing/generateTcStrings.js';
import type { TCData } from './types.js';
import { callTcfApi, resetCmpWindow, stubFetch, tcfapi } from './testing/consentTestPage.js';

// `initialData`: the consent data the page carries (the server-rendered bootstrap).
const TOKEN = 'form-token-123';
let logger: { error: Mock<(...args: unknown[]) => void> };

beforeEach(() => {
  resetCmpWindow();
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const install = (initialData: unknown) => installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: TOKEN, logger, tokenIntervalMs: 1, initialData });

describe('installConsentApi: initialData', () => {
  it('is loaded before the call returns: queued calls replayed, new listeners answered at once, no request', async () => {
    const calls = stubFetch(() => consentData());
    const data = consentData();
    installConsentStub();
    const queued: string[] = [];
    tcfapi('addEventListener', 2, (t: TCData) => queued.push(t.eventStatus ?? 'none'));
    const handler = install(data);
    expect(queued).toEqual(['tcloaded']);
    const [answer] = callTcfApi('addEventListener');
    expect(answer?.success).toBe(true);
    expect(answer?.value).toMatchObject({ eventStatus: 'tcloaded', cmpStatus: 'loaded', tcString: data.tcString });
    expect(await handler.ready).toBe(true);
    expect(calls).toEqual([]);
  });

  it('still saves with the form token, answering the new string', async () => {
    const saved = consentData({}, 7);
    const calls = stubFetch(() => saved);
    const handler = install(consentData({ showUi: true }));
    expect(handler.state()).toMatchObject({ eventStatus: 'cmpuishown', displayStatus: 'visible' });
    expect(await handler.save({ choice: 'accept_all' })).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('POST');
    expect((calls[0]?.init.headers as Record<string, string>)['X-CSRF']).toBe(TOKEN);
    expect(handler.state()).toMatchObject({ eventStatus: 'useractioncomplete', data: saved });
  });

  for (const [label, value] of [
    ['null (a block that is not JSON)', null],
    ['a TC string that does not decode', consentData({ tcString: 'CQ!tampered' })],
    ['a missing gdprApplies', { ...consentData(), gdprApplies: 'yes' }],
  ] as const) {
    it(`${label}: refused like a bad reply (logged, cmpStatus error), and no request replaces it`, async () => {
      const calls = stubFetch(() => consentData());
      const handler = install(value);
      expect(callTcfApi('ping')[0]?.value).toMatchObject({ cmpStatus: 'error' });
      expect(callTcfApi('addEventListener')).toEqual([{ value: { cmpStatus: 'error' }, success: false }]);
      expect(await handler.ready).toBe(false);
      // What came, for the report: the refused data itself.
      expect(logger.error).toHaveBeenCalledWith('Failed to make a request for /i/api/iabtcf/v1/consent', value);
      expect(calls).toEqual([]);
    });
  }
});
