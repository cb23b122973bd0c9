import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, TCF_COUNTRIES } from './countryCodes.js';
import type { GeoSettings } from './regime.js';
import { DEFAULT_GEO, isCountryCode, placeOf, regimeOf, sendsGpc } from './regime.js';

const EU_27 = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

describe('regimeOf', () => {
  it('is the TCF in the EEA (EU 27, Iceland, Liechtenstein, Norway), the UK and Switzerland', () => {
    expect(EU_27).toHaveLength(27);
    for (const country of [...EU_27, 'IS', 'LI', 'NO', 'GB', 'CH']) expect(regimeOf(country), country).toBe('tcf');
  });

  it('is the TCF in EU territories with codes of their own (Réunion, Åland…)', () => {
    for (const country of ['RE', 'GP', 'MQ', 'GF', 'YT', 'MF', 'AX']) expect(regimeOf(country), country).toBe('tcf');
  });

  it('is GPP US National in the United States and nothing elsewhere', () => {
    expect(regimeOf('US')).toBe('usnat');
    for (const country of ['CA', 'MX', 'BR', 'JP', 'AU', 'TR', 'RU', 'PR', 'GI', 'XK']) expect(regimeOf(country), country).toBe('none');
  });

  it('knows every TCF country as a country code', () => {
    for (const country of TCF_COUNTRIES) expect(COUNTRY_CODES.has(country), country).toBe(true);
  });
});

describe('country codes', () => {
  it('are the 249 assigned ISO 3166-1 alpha-2 codes and Kosovo, each one a region ICU can name', () => {
    expect(COUNTRY_CODES.size).toBe(250);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTypeOf('string');
  });

  it('leave out what CDNs send for unknown, Tor or proxy visitors, and the EU as a whole', () => {
    for (const code of ['XX', 'ZZ', 'A1', 'A2', 'O1', 'EU', 'AP', 'UK']) expect(isCountryCode(code), code).toBe(false);
    expect(isCountryCode('us')).toBe(true);
  });
});

describe('placeOf', () => {
  const at = (headers: Record<string, string | string[]>, geo: GeoSettings = DEFAULT_GEO) => placeOf(headers, geo);

  it('reads the country (any case) and the region of the default headers', () => {
    expect(at({ 'x-geo-country': 'us', 'x-geo-region': 'ca' })).toEqual({ country: 'US', region: 'CA' });
    expect(at({ 'x-geo-country': ' FR ' })).toEqual({ country: 'FR' });
  });

  it('takes a full ISO 3166-2 region only when its prefix is the country', () => {
    expect(at({ 'x-geo-country': 'US', 'x-geo-region': 'US-TX' })).toEqual({ country: 'US', region: 'TX' });
    expect(at({ 'x-geo-country': 'US', 'x-geo-region': 'MX-CMX' })).toEqual({ country: 'US' });
    expect(at({ 'x-geo-country': 'ES', 'x-geo-region': 'MD' })).toEqual({ country: 'ES', region: 'MD' });
  });

  it('falls back to the default country for a missing, unknown, malformed or repeated header, and drops the region then', () => {
    for (const country of [undefined, '', 'XX', 'T1', 'USA', 'u s', '<script>', 'ES,US']) {
      const headers: Record<string, string> = { 'x-geo-region': 'CA' };
      if (country !== undefined) headers['x-geo-country'] = country;
      expect(at(headers), String(country)).toEqual({ country: 'ES' });
    }
    expect(at({ 'x-geo-country': ['US', 'FR'] })).toEqual({ country: 'ES' });
  });

  it('ignores a malformed region and keeps the country', () => {
    for (const region of ['California', '"><b>', 'C A', '', 'US-']) {
      expect(at({ 'x-geo-country': 'US', 'x-geo-region': region }), region).toEqual({ country: 'US' });
    }
  });

  it('reads only the configured headers, with the configured default', () => {
    const cloudfront = { countryHeader: 'cloudfront-viewer-country', regionHeader: 'cloudfront-viewer-country-region', defaultCountry: 'US' };
    expect(at({ 'cloudfront-viewer-country': 'DE', 'cloudfront-viewer-country-region': 'BE' }, cloudfront)).toEqual({ country: 'DE', region: 'BE' });
    expect(at({ 'x-geo-country': 'DE' }, cloudfront)).toEqual({ country: 'US' });
  });
});

describe('sendsGpc', () => {
  it('is true only for Sec-GPC: 1', () => {
    expect(sendsGpc({ 'sec-gpc': '1' })).toBe(true);
    for (const value of ['0', 'true', '', ' 2']) expect(sendsGpc({ 'sec-gpc': value }), value).toBe(false);
    expect(sendsGpc({})).toBe(false);
  });
});
