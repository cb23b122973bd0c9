import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { decodeTcString } from './decodeTcString.js';
import { installConsentApi } from './installConsentApi.js';
import type { ConsentHandler } from './installConsentApi.js';
import { sampleConsentData as consentData } from '../../../server/src/consent/testing/generateTcStrings.js';
import type { ConsentData, TCData } from './types.js';
import { callTcfApi, resetCmpWindow, stubFetch, tcfapi } from './testing/consentTestPage.js';

let logger: { error: Mock<(...args: unknown[]) => void> };
let handler: ConsentHandler;
let data: ConsentData;

beforeEach(async () => {
  resetCmpWindow();
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
  data = consentData();
  stubFetch(() => data);
  handler = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'token', logger });
  await handler.ready;
});
afterEach(() => vi.unstubAllGlobals());

const tcDataOf = (answers: { value: unknown }[]) => answers[0]?.value as TCData;

describe('TCData', () => {
  it('is complete and matches the decoded TC string', () => {
    const t = tcDataOf(callTcfApi('getTCData'));
    const d = decodeTcString(data.tcString)!;
    expect(t).toEqual({
      tcString: data.tcString,
      tcfPolicyVersion: 5,
      cmpId: 300,
      cmpVersion: 1,
      gdprApplies: true,
      eventStatus: 'tcloaded',
      cmpStatus: 'loaded',
      listenerId: undefined,
      isServiceSpecific: d.isServiceSpecific,
      useNonStandardTexts: d.useNonStandardTexts,
      publisherCC: d.publisherCC,
      purposeOneTreatment: d.purposeOneTreatment,
      purpose: { consents: d.purposeConsents, legitimateInterests: d.purposeLegitimateInterests },
      vendor: { consents: d.vendorConsents, legitimateInterests: d.vendorLegitimateInterests, disclosedVendors: d.disclosedVendors },
      specialFeatureOptins: d.specialFeatureOptins,
      publisher: {
        consents: d.publisherConsents,
        legitimateInterests: d.publisherLegitimateInterests,
        customPurpose: { consents: d.customConsents, legitimateInterests: d.customLegitimateInterests },
        restrictions: d.restrictions,
      },
    });
  });

  it('getTCData with vendor ids reports exactly those vendors', () => {
    const t = tcDataOf(callTcfApi('getTCData', [1, 2, 999]));
    expect(Object.keys(t.vendor!.consents)).toEqual(['1', '2', '999']);
    expect(t.vendor!.consents[999]).toBe(false);
    expect(Object.keys(t.vendor!.disclosedVendors)).toEqual(['1', '2', '999']);
    expect(t.vendor!.disclosedVendors[999]).toBe(false);
  });

  it('carries only the allowed fields when GDPR does not apply', () => {
    expect(handler.update(consentData({ gdprApplies: false }))).toBe(true);
    expect(tcDataOf(callTcfApi('getTCData'))).toEqual({
      tcfPolicyVersion: 5,
      cmpId: 300,
      cmpVersion: 1,
      gdprApplies: false,
      eventStatus: 'useractioncomplete',
      cmpStatus: 'loaded',
      listenerId: undefined,
    });
  });

  it('getInAppTCData gives 1/0 flags and bit strings', () => {
    const t = tcDataOf(callTcfApi('getTCData'));
    const inApp = callTcfApi('getInAppTCData')[0]?.value as Record<string, unknown>;
    expect(inApp.gdprApplies).toBe(1);
    expect(inApp.isServiceSpecific).toBe(t.isServiceSpecific ? 1 : 0);
    const consents = (inApp.purpose as { consents: string }).consents;
    expect(consents).toMatch(/^[01]{24}$/);
    expect(consents[0] === '1').toBe(t.purpose!.consents[1]);
  });
});

describe('addEventListener / removeEventListener', () => {
  it('calls back at once with a listenerId, then on every change, until removed', () => {
    const seen: TCData[] = [];
    tcfapi('addEventListener', 2, (t: TCData) => seen.push(t));
    const id = seen[0]?.listenerId as number;
    expect(typeof id).toBe('number');
    handler.show();
    handler.close();
    expect(seen.map((t) => [t.eventStatus, t.listenerId])).toEqual([
      ['tcloaded', id],
      ['cmpuishown', id],
      ['useractioncomplete', id],
    ]);
    expect(callTcfApi('removeEventListener', id)).toEqual([{ value: true, success: true }]);
    expect(callTcfApi('removeEventListener', id)).toEqual([{ value: false, success: false }]);
    handler.show();
    expect(seen).toHaveLength(3);
  });

  it('gives every listener its own id and every change reaches every listener', () => {
    const a = callTcfApi('addEventListener');
    const b = callTcfApi('addEventListener');
    expect(tcDataOf(a).listenerId).not.toBe(tcDataOf(b).listenerId);
    handler.update(consentData(), true);
    expect([a.length, b.length]).toEqual([2, 2]);
  });

  it('removeEventListener without a listener id logs an error and answers false', () => {
    expect(callTcfApi('removeEventListener')).toEqual([{ value: false, success: false }]);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('a listener that throws is reported and does not stop the others', () => {
    tcfapi('addEventListener', 2, (t: TCData) => {
      if (t.eventStatus === 'cmpuishown') throw new Error('vendor bug');
    });
    const other = callTcfApi('addEventListener');
    handler.show();
    expect(other).toHaveLength(2);
    expect(logger.error).toHaveBeenCalledWith('consent: callback threw', expect.any(Error));
  });
});

describe('the update command', () => {
  it('without a parameter fails with wrong_params', () => {
    expect(callTcfApi('update')).toEqual([{ value: { reason: 'wrong_params' }, success: false }]);
  });

  for (const field of ['tcString', 'cmpId', 'gdprApplies', 'tcfPolicyVersion'] as const) {
    it(`without ${field} fails with wrong_tc_data and changes nothing`, () => {
      const { [field]: _dropped, ...rest } = consentData();
      expect(callTcfApi('update', rest)).toEqual([{ value: { reason: 'wrong_tc_data' }, success: false }]);
      expect(handler.state().data).toEqual(data);
    });
  }

  it('with a TC string that does not decode fails with wrong_tc_data', () => {
    expect(callTcfApi('update', consentData({ tcString: 'AAAA' }))).toEqual([{ value: { reason: 'wrong_tc_data' }, success: false }]);
  });

  it('with data and the show flag: visible + cmpuishown; without: hidden + useractioncomplete', () => {
    const shown = consentData({ showUi: true });
    const answer = callTcfApi('update', shown);
    expect(answer[0]?.success).toBe(true);
    expect(tcDataOf(answer).tcString).toBe(shown.tcString);
    expect(handler.state()).toMatchObject({ displayStatus: 'visible', eventStatus: 'cmpuishown' });
    callTcfApi('update', consentData());
    expect(handler.state()).toMatchObject({ displayStatus: 'hidden', eventStatus: 'useractioncomplete' });
  });

  it('an update with no data disables the UI and tells the listeners', () => {
    const seen = callTcfApi('addEventListener');
    expect(handler.update(null)).toBe(true);
    expect(handler.state().displayStatus).toBe('disabled');
    expect(seen).toHaveLength(2);
  });
});

describe('save', () => {
  it('POSTs the choices with the form token and applies the new consent data', async () => {
    const saved = consentData();
    vi.unstubAllGlobals();
    const calls = stubFetch(() => saved);
    handler.show();
    expect(await handler.save({ choice: 'accept_all', language: 'en' })).toBe(true);
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ choice: 'accept_all', language: 'en' });
    expect((calls[0]?.init.headers as Record<string, string>)['X-CSRF']).toBe('token');
    expect(handler.state()).toMatchObject({ displayStatus: 'hidden', eventStatus: 'useractioncomplete', data: saved });
  });

  it('reports a failed save and keeps the UI up', async () => {
    vi.unstubAllGlobals();
    stubFetch(() => new Response('{"code":"TARMAC_BAD_BODY"}', { status: 400 }));
    handler.show();
    expect(await handler.save({ choice: 'custom' })).toBe(false);
    expect(handler.state().displayStatus).toBe('visible');
    expect(logger.error).toHaveBeenCalled();
  });
});

describe('getInAppTCData', () => {
  it('turns restrictions into one character per vendor, "_" where there is none', () => {
    const t = tcDataOf(callTcfApi('getTCData'));
    const inApp = callTcfApi('getInAppTCData')[0]?.value as { publisher: { restrictions: Record<string, string> }; listenerId?: unknown };
    expect('listenerId' in inApp).toBe(false);
    expect(Object.keys(t.publisher!.restrictions).length).toBeGreaterThan(0);
    for (const [purpose, vendors] of Object.entries(t.publisher!.restrictions)) {
      const text = inApp.publisher.restrictions[purpose] as string;
      expect(text).toMatch(/^[012_]*$/);
      for (const [vendor, type] of Object.entries(vendors)) expect(text[Number(vendor) - 1]).toBe(String(type));
    }
  });
});
