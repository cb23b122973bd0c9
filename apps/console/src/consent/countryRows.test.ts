import { describe, expect, it } from 'vitest';
import type { ConsentCountry } from './consentApi';
import { countryName, countryRows, usnatTotals } from './countryRows';

const country = (code: string | null, tcf: [number, number, number], us: [number, number, number, number, number]): ConsentCountry => ({
  country: code,
  tcf: { visitors: tcf[0] + tcf[1] + tcf[2], choices: { accept_all: tcf[0], reject_all: tcf[1], custom: tcf[2] } },
  usnat: { visitors: us[0], saleOptOut: us[1], sharingOptOut: us[2], targetedAdvertisingOptOut: us[3], gpc: us[4] },
});

describe('per-country consent rows', () => {
  it('gives each regime’s answers as shares of that regime’s visitors in the country', () => {
    const [us, es] = countryRows([country('US', [1, 0, 0], [8, 2, 4, 6, 1]), country('ES', [2, 1, 1], [0, 0, 0, 0, 0])]);
    expect(us).toMatchObject({ name: 'United States', tcfVisitors: 1, acceptShare: 100, usVisitors: 8, saleShare: 25, sharingShare: 50, targetedShare: 75, gpcShare: 12.5 });
    expect(es).toMatchObject({ name: 'Spain', tcfVisitors: 4, acceptShare: 50, rejectShare: 25, customShare: 25, usVisitors: 0, saleShare: 0 });
  });

  it('names choices stored before countries were recorded "Unknown", and an unnamed code by itself', () => {
    expect(countryName(null)).toBe('Unknown');
    expect(countryName('FR')).toBe('France');
    expect(countryRows([country(null, [1, 0, 0], [0, 0, 0, 0, 0])])[0]).toMatchObject({ key: '', name: 'Unknown', code: null });
  });

  it('totals the US answers over every country', () => {
    expect(usnatTotals([country('US', [0, 0, 0], [3, 3, 1, 0, 1]), country('CA', [0, 0, 0], [1, 1, 1, 1, 1])])).toEqual({
      visitors: 4, saleShare: 100, sharingShare: 50, targetedShare: 25, gpcShare: 50,
    });
    expect(usnatTotals([])).toMatchObject({ visitors: 0, saleShare: 0 });
  });
});
