import { decisionOf } from '../consentFor.js';
import type { TCData, TcfWindow } from '../types.js';

/** The Consent Mode v2 signals, each with the TCF purposes that must all have consent for it. */
export type ConsentModeSignal = 'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage';

/** Options of {@link startConsentMode}. */
export interface ConsentModeOptions {
  /**
   * TCF purposes behind `analytics_storage`; default 1 (store/access information on a device)
   * and 8 (measure content performance). Google's TCF mapping covers only the ad signals.
   */
  analyticsPurposes?: number[];
  /** How long Google tags wait for the first update before using the defaults; default 500 ms. */
  waitForUpdateMs?: number;
}

/** What a GPP CMP (`window.__gpp`, CMP API v1.1) passes its event listeners: the event and its ping data. */
type GppEvent = { listenerId?: number; pingData?: { signalStatus?: string } } | undefined;
type GppApi = (command: string, callback: (value: never, success?: boolean) => void, parameter?: unknown) => void;

/**
 * Google Consent Mode v2 for sites that run Google tags: sets every signal to `denied` at once,
 * then updates each from the TCF CMP's data as the visitor decides. Call it before any Google
 * tag loads (first thing in the page's script). The ad signals follow Google's own TCF mapping:
 * `ad_storage` needs purpose 1, `ad_user_data` purposes 1 and 7, `ad_personalization` purposes 3
 * and 4. Where GDPR does not apply every signal is granted; a CMP in error grants nothing. On a
 * page with a GPP CMP (`__gpp`), its US National section (7) counts too: an opt-out of the sale or
 * sharing of personal data or of targeted advertising (`SaleOptOut`, `SharingOptOut`,
 * `TargetedAdvertisingOptOut` = 1) denies `ad_user_data` and `ad_personalization`, and no update
 * goes out before GPP's signal is ready, so nothing is granted first and taken back after.
 * Commands go through `window.gtag` when the page has one, else straight onto `dataLayer` in
 * the shape gtag.js itself pushes (an `arguments` object), so the order is kept either way.
 */
export function startConsentMode({ analyticsPurposes = [1, 8], waitForUpdateMs = 500 }: ConsentModeOptions = {}): { stop(): void } {
  let listenerId: number | undefined;
  let gppListenerId: number | undefined;
  let decided: TCData | undefined;
  let usOptOut: boolean | undefined;
  // globalThis: the window in a browser, harmless in Node (no CMP there: the defaults stay).
  const page = globalThis as unknown as TcfWindow & { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[]; __gpp?: GppApi };
  const gpp = page.__gpp;
  try {
    // Each signal is granted when all its purposes have consent; a US opt-out also denies the
    // two signals about the visitor's data (ad_user_data, ad_personalization).
    const send = (command: string, extra?: object) => {
      const grant = (purposes: number[], us?: 1) => (decided && decisionOf(decided, purposes) && !(us && usOptOut) ? 'granted' : 'denied');
      // gtag.js queues `arguments` objects, not arrays, and tells its commands apart by that.
      (function () {
        // eslint-disable-next-line prefer-rest-params -- see above
        if (page.gtag) page.gtag(...arguments);
        // eslint-disable-next-line prefer-rest-params -- see above
        else (page.dataLayer ??= []).push(arguments);
      } as (...args: unknown[]) => void)('consent', command, {
        ad_storage: grant([1]),
        ad_user_data: grant([1, 7], 1),
        ad_personalization: grant([3, 4], 1),
        analytics_storage: grant(analyticsPurposes),
        ...extra,
      } satisfies Record<ConsentModeSignal, string>);
    };
    // With a GPP CMP on the page, its US choices are awaited too.
    const update = () => void (decided && (!gpp || usOptOut != null) && send('update'));
    send('default', { wait_for_update: waitForUpdateMs });
    // One listener for all signals; no CMP on the page leaves the defaults (denied) in place.
    page.__tcfapi?.('addEventListener', 2, (tcData: TCData | null, success?: boolean) => {
      listenerId = tcData?.listenerId;
      // While the CMP is a stub or its UI waits for the visitor there is no decision to send.
      if (success && tcData && decisionOf(tcData, []) != null) {
        decided = tcData;
        update();
      }
    });
    // Every GPP event carries the ping data; the US choices count once the signal is ready. Where
    // the usnat section does not apply, getField answers null: no opt-out.
    gpp?.('addEventListener', (event: GppEvent) => {
      gppListenerId = event?.listenerId;
      if (event?.pingData?.signalStatus === 'ready') {
        usOptOut = ['Sale', 'Sharing', 'TargetedAdvertising'].some((field) => {
          let value;
          // The page's __gpp now, not the one seen at start: a stub would only queue the call.
          page.__gpp?.('getField', (fieldValue: unknown) => (value = fieldValue), `usnat.${field}OptOut`);
          return value === 1;
        });
        update();
      }
    });
  } catch {
    // a broken gtag or CMP: the page's own tags must still load
  }
  return {
    stop() {
      page.__tcfapi?.('removeEventListener', 2, () => {}, listenerId);
      page.__gpp?.('removeEventListener', () => {}, gppListenerId);
    },
  };
}
