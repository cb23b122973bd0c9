import type { TCData, TcfWindow } from './types.js';

/**
 * The consent seam shared with analytics and signals: calls the listener with the decision as
 * soon as it is known and again whenever it changes; returns an unsubscribe function.
 */
export type ConsentSource = (listener: (granted: boolean) => void) => () => void;

/** The decision a TCData carries, or undefined while there is none yet. */
export function decisionOf(tcData: TCData, purposeIds: number[], vendorId?: number): boolean | undefined {
  if (tcData.cmpStatus === 'error') return false;
  // A stub, a CMP waiting for the visitor, or no word on whether GDPR applies: no decision yet.
  if (tcData.cmpStatus === 'stub' || tcData.eventStatus === 'cmpuishown' || !tcData.eventStatus || typeof tcData.gdprApplies !== 'boolean') return undefined;
  return (
    !tcData.gdprApplies ||
    (purposeIds.every((id) => tcData.purpose?.consents?.[id] === true) && (vendorId === undefined || tcData.vendor?.consents?.[vendorId] === true))
  );
}

/**
 * A {@link ConsentSource} for the given purposes (and vendor), built only on the standard
 * `__tcfapi('addEventListener', 2, …)`, so it works with any TCF CMP on the page. Granted when
 * GDPR does not apply or every purpose (and the vendor) has consent. It stays silent while the
 * CMP is a stub or shows its UI to a visitor who has not decided; a page without any CMP, or
 * a CMP in error, means no consent.
 */
export function consentFor(purposeIds: number[], options: { vendorId?: number } = {}): ConsentSource {
  return (listener) => {
    const win = (typeof window === 'undefined' ? undefined : window) as TcfWindow | undefined;
    let last: boolean | undefined;
    let listenerId: number | undefined;
    let active = true;
    const tell = (granted: boolean) => {
      if (!active || granted === last) return;
      last = granted;
      try {
        listener(granted);
      } catch {
        // the subscriber's bug must not stop the CMP notifying others
      }
    };
    if (typeof win?.__tcfapi !== 'function') {
      tell(false);
      return () => void (active = false);
    }
    win.__tcfapi('addEventListener', 2, (tcData: TCData | null, success?: boolean) => {
      if (!success || !tcData) return tell(false);
      listenerId = tcData.listenerId;
      if (!active) return unsubscribe();
      const decision = decisionOf(tcData, purposeIds, options.vendorId);
      if (decision !== undefined) tell(decision);
    });
    function unsubscribe() {
      active = false;
      if (listenerId !== undefined) win?.__tcfapi?.('removeEventListener', 2, () => {}, listenerId);
      listenerId = undefined;
    }
    return unsubscribe;
  };
}
