import type { IncomingHttpHeaders } from 'node:http';
import { COUNTRY_CODES, TCF_COUNTRIES } from './countryCodes.js';

/**
 * The consent regime of a visitor: the IAB TCF (EEA, UK, Switzerland), the GPP US National
 * section (United States), or neither.
 */
export type Regime = 'tcf' | 'usnat' | 'none';

/** Which request headers carry the visitor's place, and the country assumed without them. */
export interface GeoSettings {
  /** Lower-case header name of the ISO 3166-1 alpha-2 country (`x-geo-country`). */
  countryHeader: string;
  /** Lower-case header name of the subdivision, e.g. `CA` (`x-geo-region`). */
  regionHeader: string;
  /** Upper-case country used when the header is absent or not a country code. */
  defaultCountry: string;
}

/** The settings without any configuration: `X-Geo-Country`, `X-Geo-Region`, Spain. */
export const DEFAULT_GEO: GeoSettings = { countryHeader: 'x-geo-country', regionHeader: 'x-geo-region', defaultCountry: 'ES' };

/** Where a page request comes from, as far as its regime is concerned. */
export interface VisitorPlace {
  country: string;
  /** The ISO 3166-2 subdivision without its country prefix (`CA`); only when sent and valid. */
  region?: string;
}

/** Whether `value` is a country code a geo header may carry (case-insensitive). */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.has(value.toUpperCase());
}

/** The regime of a country (upper-case ISO 3166-1 alpha-2). */
export function regimeOf(country: string): Regime {
  if (TCF_COUNTRIES.has(country)) return 'tcf';
  return country === 'US' ? 'usnat' : 'none';
}

// ISO 3166-2 subdivision codes are one to three letters or digits after the country's code;
// CloudFront and Fastly send the part after the hyphen, some proxies the whole code.
const REGION = /^(?:([A-Z]{2})-)?([A-Z0-9]{1,3})$/;

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value?.trim());

/**
 * The visitor's country and region from the configured headers. The value decides the regime
 * only; an unknown or malformed country falls back to the default, and a region is kept only
 * beside a country read from the request (a region of the assumed country would be invented).
 */
export function placeOf(headers: IncomingHttpHeaders, geo: GeoSettings): VisitorPlace {
  const sent = single(headers[geo.countryHeader])?.toUpperCase();
  if (sent === undefined || !COUNTRY_CODES.has(sent)) return { country: geo.defaultCountry };
  const match = REGION.exec(single(headers[geo.regionHeader])?.toUpperCase() ?? '');
  const region = match && (match[1] === undefined || match[1] === sent) ? match[2] : undefined;
  return region ? { country: sent, region } : { country: sent };
}

/** Whether the request carries the Global Privacy Control signal (`Sec-GPC: 1`). */
export function sendsGpc(headers: IncomingHttpHeaders): boolean {
  return single(headers['sec-gpc']) === '1';
}
