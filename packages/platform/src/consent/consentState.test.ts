import { describe, expect, it } from 'vitest';
import { decodeTcString } from './decodeTcString.js';
import { errorState, initialState, loadedState, updatedState } from './consentState.js';
import { sampleConsentData as consentData } from '../../../server/src/consent/testing/generateTcStrings.js';

const checked = (overrides = {}) => {
  const data = consentData(overrides);
  return { data, decoded: decodeTcString(data.tcString)! };
};

describe('consent state machine', () => {
  it('starts as stub + hidden with no event yet', () => {
    expect(initialState()).toEqual({ cmpStatus: 'stub', displayStatus: 'hidden' });
  });

  it('loaded with a valid choice: hidden + tcloaded', () => {
    const { data, decoded } = checked();
    expect(loadedState(data, decoded)).toMatchObject({ cmpStatus: 'loaded', displayStatus: 'hidden', eventStatus: 'tcloaded' });
  });

  it('loaded for a visitor to ask: visible + cmpuishown', () => {
    const { data, decoded } = checked({ showUi: true });
    expect(loadedState(data, decoded)).toMatchObject({ displayStatus: 'visible', eventStatus: 'cmpuishown' });
  });

  it('loaded where GDPR does not apply: the UI is disabled', () => {
    const { data, decoded } = checked({ gdprApplies: false });
    expect(loadedState(data, decoded)).toMatchObject({ displayStatus: 'disabled', eventStatus: 'tcloaded' });
  });

  it('an update with no data: disabled, the rest unchanged', () => {
    const { data, decoded } = checked();
    const before = loadedState(data, decoded);
    expect(updatedState(before)).toEqual({ ...before, displayStatus: 'disabled' });
  });

  it('an update with data and the show flag: visible + cmpuishown; without: hidden + useractioncomplete', () => {
    const first = checked();
    const second = checked();
    const loaded = loadedState(first.data, first.decoded);
    const shown = updatedState(loaded, second, true);
    expect(shown).toMatchObject({ displayStatus: 'visible', eventStatus: 'cmpuishown', data: second.data });
    expect(updatedState(shown, first)).toMatchObject({ displayStatus: 'hidden', eventStatus: 'useractioncomplete', data: first.data });
  });

  it('a failed load: error, keeping the display status', () => {
    expect(errorState(initialState())).toEqual({ cmpStatus: 'error', displayStatus: 'hidden' });
  });
});
