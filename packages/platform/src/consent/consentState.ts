import type { DecodedTcString } from './decodeTcString.js';
import type { CmpStatus, ConsentData, DisplayStatus, EventStatus } from './types.js';

/** Everything the handler knows; replaced as a whole on each transition, never mutated. */
export interface ConsentState {
  cmpStatus: CmpStatus;
  displayStatus: DisplayStatus;
  eventStatus?: EventStatus;
  data?: ConsentData;
  decoded?: DecodedTcString;
}

/** Before the consent data arrives: the handler behaves like the stub. */
export const initialState = (): ConsentState => ({ cmpStatus: 'stub', displayStatus: 'hidden' });

/**
 * The consent data arrived. A visitor who must be asked gets the UI (visible + cmpuishown);
 * one with a valid choice gets tcloaded; where GDPR does not apply the UI is disabled.
 */
export function loadedState(data: ConsentData, decoded: DecodedTcString): ConsentState {
  if (!data.gdprApplies) return { cmpStatus: 'loaded', displayStatus: 'disabled', eventStatus: 'tcloaded', data, decoded };
  return data.showUi
    ? { cmpStatus: 'loaded', displayStatus: 'visible', eventStatus: 'cmpuishown', data, decoded }
    : { cmpStatus: 'loaded', displayStatus: 'hidden', eventStatus: 'tcloaded', data, decoded };
}

/** The fetch failed: the API answers only ping from now on. */
export const errorState = (state: ConsentState): ConsentState => ({ ...state, cmpStatus: 'error' });

/**
 * An update (the `update` command, the banner's save, the "Privacy settings" reopen). No data
 * means the UI will not be shown (disabled); data with `show` surfaces the UI (visible +
 * cmpuishown); data without it is the visitor's confirmed choice (hidden + useractioncomplete).
 */
export function updatedState(
  state: ConsentState,
  update?: { data: ConsentData; decoded: DecodedTcString },
  show = false,
): ConsentState {
  if (!update) return { ...state, displayStatus: 'disabled' };
  return show
    ? { ...state, ...update, displayStatus: 'visible', eventStatus: 'cmpuishown' }
    : { ...state, ...update, displayStatus: 'hidden', eventStatus: 'useractioncomplete' };
}
