import { describe, expect, it } from 'vitest';
import { readGeoConfig } from './geoConfig.js';
import { readServerConfig } from './serverConfig.js';

describe('readGeoConfig', () => {
  it('defaults to X-Geo-Country, X-Geo-Region and Spain (the regime before there were regimes)', () => {
    expect(readGeoConfig({})).toEqual({ countryHeader: 'x-geo-country', regionHeader: 'x-geo-region', defaultCountry: 'ES' });
    expect(readServerConfig({}).geo.defaultCountry).toBe('ES');
  });

  it("takes a CDN's header names (as Node sees them, in lower case) and a default country in any case", () => {
    const env = { GEO_COUNTRY_HEADER: 'CloudFront-Viewer-Country', GEO_REGION_HEADER: 'CloudFront-Viewer-Country-Region', TARMAC_DEFAULT_COUNTRY: 'us' };
    expect(readGeoConfig(env)).toEqual({ countryHeader: 'cloudfront-viewer-country', regionHeader: 'cloudfront-viewer-country-region', defaultCountry: 'US' });
    expect(readServerConfig(env).geo.countryHeader).toBe('cloudfront-viewer-country');
  });

  it('refuses a header name that is not one, or a default that is not a country, naming the variable', () => {
    expect(() => readGeoConfig({ GEO_COUNTRY_HEADER: 'Geo Country' })).toThrow(/GEO_COUNTRY_HEADER/);
    expect(() => readGeoConfig({ GEO_REGION_HEADER: 'x-region:' })).toThrow(/GEO_REGION_HEADER/);
    for (const country of ['XX', 'ESP', 'E']) expect(() => readGeoConfig({ TARMAC_DEFAULT_COUNTRY: country }), country).toThrow(/TARMAC_DEFAULT_COUNTRY/);
  });
});
