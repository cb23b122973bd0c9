import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCData, TcfWindow } from '../types.js';
import { startConsentMode } from './startConsentMode.js';

type Page = TcfWindow & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
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
    if (command == 'addEventListener') listener = callback as typeof listener;
    if (command == 'removeEventListener') removed.push(parameter);
  };
});
afterEach(() => delete page.__tcfapi);

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
