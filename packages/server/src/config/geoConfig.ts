import type { GeoSettings } from '../consent/regime.js';
import { DEFAULT_GEO, isCountryCode } from '../consent/regime.js';

// An HTTP field name (RFC 9110 token); Node hands headers over in lower case.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function headerName(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!HEADER_NAME.test(value)) throw new Error(`${name} must be an HTTP header name (e.g. CloudFront-Viewer-Country), got "${value}"`);
  return value.toLowerCase();
}

/**
 * GEO_COUNTRY_HEADER, GEO_REGION_HEADER and TARMAC_DEFAULT_COUNTRY: which headers the site's CDN
 * names the visitor's country and region in, and the country assumed when a request has none.
 * A malformed name or an unknown default country throws, so a typo stops the server at start-up
 * instead of quietly putting every visitor in the default country's regime.
 */
export function readGeoConfig(env: NodeJS.ProcessEnv): GeoSettings {
  const country = env.TARMAC_DEFAULT_COUNTRY?.trim();
  if (country && !isCountryCode(country)) {
    throw new Error(`TARMAC_DEFAULT_COUNTRY must be an ISO 3166-1 alpha-2 country code (ES, US…), got "${country}"`);
  }
  return {
    countryHeader: headerName(env, 'GEO_COUNTRY_HEADER', DEFAULT_GEO.countryHeader),
    regionHeader: headerName(env, 'GEO_REGION_HEADER', DEFAULT_GEO.regionHeader),
    defaultCountry: country ? country.toUpperCase() : DEFAULT_GEO.defaultCountry,
  };
}
