import { describe, expect, it } from 'vitest';
import { customChoices, initialChoice, offeredBy, toggled } from './settingsChoice.js';

const list = {
  gvlVersion: 1,
  purposes: [1, 2, 7, 8].map((id) => ({ id, name: `P${id}` })),
  specialFeatures: [{ id: 1, name: 'SF1' }, { id: 2, name: 'SF2' }],
  vendors: [
    { id: 10, name: 'A', purposes: [1, 2], legIntPurposes: [7], specialFeatures: [] },
    { id: 11, name: 'B', purposes: [], legIntPurposes: [8], specialFeatures: [2] },
    { id: 12, name: 'C', purposes: [], legIntPurposes: [], specialFeatures: [] },
  ],
};

describe('settings choice', () => {
  it('offers consent where vendors ask it and objection where they claim legitimate interest', () => {
    const offered = offeredBy(list);
    expect([...offered.consentPurposes]).toEqual([1, 2]);
    expect([...offered.liPurposes]).toEqual([7, 8]);
    expect([...offered.consentVendors]).toEqual([10]);
    expect([...offered.liVendors]).toEqual([10, 11]);
  });

  it('starts from the current signals: a legitimate interest not signalled counts as objected', () => {
    const choice = initialChoice(
      {
        purposeConsents: { 1: true, 2: false },
        purposeLegitimateInterests: { 7: true, 8: false },
        vendorConsents: { 10: true },
        vendorLegitimateInterests: { 10: false, 11: true },
        specialFeatureOptins: { 2: true },
      },
      list,
    );
    expect(customChoices(choice)).toEqual({
      choice: 'custom',
      purposes: [1],
      specialFeatures: [2],
      vendors: [10],
      objectedPurposes: [8],
      objectedVendors: [10],
    });
  });

  it('toggles one id without changing the original', () => {
    const start = new Set([1, 2]);
    expect([...toggled(start, 2)]).toEqual([1]);
    expect([...toggled(start, 3)]).toEqual([1, 2, 3]);
    expect([...start]).toEqual([1, 2]);
  });
});
