import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCData, TcfWindow } from '../types.js';
import { startConsentMode } from './startConsentMode.js';

type GppCallback = (value: unknown, success?: boolean) => void;
type Page = TcfWindow & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void; __gpp?: (command: string, callback: GppCallback, parameter?: unknown) => void };
const page = window as unknown as Page;
// A minimal CMP: remembers its listener so a test can play TCF events to it.
let listener: ((tcData: TCData | null, success?: boolean) => void) | undefined;
let removed: unknown[] = [];

beforeEach(() => {
  listener = undefined;
  removed = [];
  delete page.dataLayer;
  delete page.gtag;
  page.__tcfapi = (command, _version, callback, parameter) => {
    if (command === 'addEventListener') listener = callback as typeof listener;
    if (command === 'removeEventListener') removed.push(parameter);
  };
});
afterEach(() => {
  delete page.__tcfapi;
  delete page.__gpp;
});

const tcData = (consents: number[], extra: Partial<TCData> = {}): TCData => ({
  tcfPolicyVersion: 5, cmpId: 300, cmpVersion: 1, gdprApplies: true, eventStatus: 'useractioncomplete', cmpStatus: 'loaded', listenerId: 7,
  purpose: { consents: Object.fromEntries(consents.map((id) => [id, true])), legitimateInterests: {} },
  ...extra,
});
// What was queued, as plain arrays (gtag.js queues `arguments` objects).
const commands = () => (page.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('startConsentMode', () => {
  it('queues every signal as denied before anything else, as an arguments object like gtag.js', () => {
    startConsentMode();
    expect(Object.prototype.toString.call(page.dataLayer?.[0])).toBe('[object Arguments]');
    expect(commands()).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 }],
    ]);
  });

  it('updates each signal from its TCF purposes once the visitor decides', () => {
    startConsentMode();
    listener?.(tcData([1, 7, 8]), true);
    expect(commands()[1]).toEqual(['consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'denied', analytics_storage: 'granted' }]);
    listener?.(tcData([1, 3, 4]), true);
    expect(commands()[2]).toEqual(['consent', 'update', { ad_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'granted', analytics_storage: 'denied' }]);
  });

  it('sends nothing while there is no decision, grants all where GDPR does not apply, denies all when the CMP fails', () => {
    startConsentMode({ analyticsPurposes: [1], waitForUpdateMs: 200 });
    listener?.(tcData([1], { cmpStatus: 'stub', eventStatus: undefined }), true);
    listener?.(tcData([1], { eventStatus: 'cmpuishown' }), true);
    listener?.(null, false);
    expect(commands()).toHaveLength(1);
    listener?.(tcData([], { gdprApplies: false, eventStatus: 'tcloaded' }), true);
    listener?.(tcData([1, 3, 4, 7], { cmpStatus: 'error' }), true);
    expect(commands().slice(1).map((command) => Object.values(command[2] as object))).toEqual([
      ['granted', 'granted', 'granted', 'granted'],
      ['denied', 'denied', 'denied', 'denied'],
    ]);
  });

  it('goes through the page’s own gtag when it has one, and stop removes its CMP listener', () => {
    const gtag = vi.fn();
    page.gtag = gtag;
    const consentMode = startConsentMode();
    listener?.(tcData([1]), true);
    expect(gtag.mock.calls.map((call) => call.slice(0, 2))).toEqual([['consent', 'default'], ['consent', 'update']]);
    expect(page.dataLayer).toBeUndefined();
    consentMode.stop();
    expect(removed).toEqual([7]);
  });

  it('leaves the defaults in place on a page without a CMP, and never throws', () => {
    delete page.__tcfapi;
    expect(() => startConsentMode().stop()).not.toThrow();
    expect(commands()).toHaveLength(1);
    page.gtag = () => {
      throw new Error('broken tag');
    };
    expect(() => startConsentMode()).not.toThrow();
  });
});

// A minimal GPP CMP (CMP API v1.1): plays events with their ping data to its listener and answers
// getField from the usnat fields it holds (1 = opted out, 2 = did not opt out), null elsewhere.
function installGpp() {
  const gpp = { listener: undefined as GppCallback | undefined, fields: null as Record<string, number> | null, removed: [] as unknown[] };
  page.__gpp = (command, callback, parameter) => {
    if (command === 'addEventListener') gpp.listener = callback;
    if (command === 'removeEventListener') gpp.removed.push(parameter);
    if (command === 'getField') callback(gpp.fields?.[String(parameter).replace('usnat.', '')] ?? null, true);
  };
  const play = (signalStatus: string, fields: Record<string, number> | null = gpp.fields) => {
    gpp.fields = fields;
    gpp.listener?.({ eventName: 'signalStatus', listenerId: 3, data: signalStatus, pingData: { signalStatus } }, true);
  };
  return { gpp, play };
}
const usnat = (optOuts: Partial<Record<'SaleOptOut' | 'SharingOptOut' | 'TargetedAdvertisingOptOut', number>>) => ({
  SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 2, ...optOuts,
});
const US_DENIED = { ad_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' };
const ALL_GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };

describe('startConsentMode with a GPP CMP (US National)', () => {
  for (const field of ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'] as const) {
    it(`an opt-out in ${field} denies ad_user_data and ad_personalization, nothing else`, () => {
      const { play } = installGpp();
      startConsentMode();
      listener?.(tcData([], { gdprApplies: false, eventStatus: 'tcloaded' }), true);
      play('ready', usnat({ [field]: 1 }));
      expect(commands().slice(1)).toEqual([['consent', 'update', US_DENIED]]);
    });
  }

  it('sends no update before GPP is ready, so nothing is granted first and taken back after', () => {
    const { play } = installGpp();
    startConsentMode();
    play('not ready', usnat({ SaleOptOut: 1 }));
    listener?.(tcData([], { gdprApplies: false, eventStatus: 'tcloaded' }), true);
    expect(commands()).toHaveLength(1);
    play('ready');
    expect(commands().slice(1)).toEqual([['consent', 'update', US_DENIED]]);
  });

  it('grants where the US visitor did not opt out or the section does not apply, and follows a later opt-out', () => {
    const { play } = installGpp();
    startConsentMode();
    play('ready', null); // the 'none' regime: no usnat section, getField answers null
    listener?.(tcData([], { gdprApplies: false, eventStatus: 'tcloaded' }), true);
    play('ready', usnat({}));
    play('ready', usnat({ TargetedAdvertisingOptOut: 1 }));
    expect(commands().slice(1).map((command) => command[2])).toEqual([ALL_GRANTED, ALL_GRANTED, US_DENIED]);
  });

  it('asks the CMP that replaced the GPP stub, not the stub it first saw', () => {
    const queued: unknown[][] = [];
    page.__gpp = (...args) => void queued.push(args); // a stub: queues everything
    startConsentMode();
    const { gpp } = installGpp(); // the CMP takes over; it replays the queued addEventListener
    gpp.fields = usnat({ SaleOptOut: 1 });
    (queued[0]?.[1] as GppCallback)({ listenerId: 3, pingData: { signalStatus: 'ready' } }, true);
    listener?.(tcData([], { gdprApplies: false, eventStatus: 'tcloaded' }), true);
    expect(commands().slice(1)).toEqual([['consent', 'update', US_DENIED]]);
    expect(queued).toHaveLength(1);
  });

  it('keeps the TCF purposes in force alongside a US opt-out, and stop removes both listeners', () => {
    const { gpp, play } = installGpp();
    const consentMode = startConsentMode();
    play('ready', usnat({ SaleOptOut: 1 }));
    listener?.(tcData([1, 3, 4, 7]), true);
    expect(commands()[1]?.[2]).toEqual({ ad_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
    consentMode.stop();
    expect(removed).toEqual([7]);
    expect(gpp.removed).toEqual([3]);
  });
});
