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

/**
 * Google Consent Mode v2 for sites that run Google tags: sets every signal to `denied` at once,
 * then updates each from the TCF CMP's data as the visitor decides. Call it before any Google
 * tag loads (first thing in the page's script). The ad signals follow Google's own TCF mapping:
 * `ad_storage` needs purpose 1, `ad_user_data` purposes 1 and 7, `ad_personalization` purposes 3
 * and 4. Where GDPR does not apply every signal is granted; a CMP in error grants nothing.
 * Commands go through `window.gtag` when the page has one, else straight onto `dataLayer` in
 * the shape gtag.js itself pushes (an `arguments` object), so the order is kept either way.
 */
export function startConsentMode({ analyticsPurposes = [1, 8], waitForUpdateMs = 500 }: ConsentModeOptions = {}): { stop(): void } {
  let listenerId: number | undefined;
  const page = (typeof window == 'object' ? window : {}) as TcfWindow & { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };
  try {
    // gtag.js queues `arguments` objects, not arrays, and tells its commands apart by that.
    const gtag = function (..._: unknown[]): void {
      // eslint-disable-next-line prefer-rest-params -- see above
      const args = arguments;
      if (page.gtag) page.gtag(...args);
      else (page.dataLayer ??= []).push(args);
    };
    const signals: Record<ConsentModeSignal, number[]> = {
      ad_storage: [1],
      ad_user_data: [1, 7],
      ad_personalization: [3, 4],
      analytics_storage: analyticsPurposes,
    };
    const settings = (decide: (purposes: number[]) => boolean): Record<string, string> => {
      const values: Record<string, string> = {};
      for (const [name, purposes] of Object.entries(signals)) values[name] = decide(purposes) ? 'granted' : 'denied';
      return values;
    };
    gtag('consent', 'default', { ...settings(() => false), wait_for_update: waitForUpdateMs });
    // One listener for all signals; no CMP on the page leaves the defaults (denied) in place.
    page.__tcfapi?.('addEventListener', 2, (tcData: TCData | null, success?: boolean) => {
      listenerId = tcData?.listenerId;
      // While the CMP is a stub or its UI waits for the visitor there is no decision to send.
      if (success && tcData && decisionOf(tcData, []) !== undefined) gtag('consent', 'update', settings((purposes) => decisionOf(tcData, purposes)!));
    });
  } catch {
    // a broken gtag or CMP: the page's own tags must still load
  }
  return { stop: () => void (listenerId !== undefined && page.__tcfapi?.('removeEventListener', 2, () => {}, listenerId)) };
}
