import type { Place } from './contract.js';

/** A city of the demo inventory: where it is, its clock and how dear it is to stay there. */
export interface City extends Place {
  lat: number;
  lon: number;
  /** Hours ahead of UTC (standard time: the demo ignores summer time). */
  utcOffset: number;
  /** Price level of hotels and cars, 1 = average. */
  cost: number;
  /** Other spellings a visitor may type (English, Spanish, without accents). */
  aliases: readonly string[];
}

// code, name, country, lat, lon, utcOffset, cost, aliases
type Row = [string, string, string, number, number, number, number, string[]];
const rows: Row[] = [
  ['MAD', 'Madrid', 'ES', 40.42, -3.7, 1, 1, []],
  ['BCN', 'Barcelona', 'ES', 41.39, 2.17, 1, 1.15, []],
  ['AGP', 'Málaga', 'ES', 36.72, -4.42, 1, 0.9, []],
  ['SVQ', 'Sevilla', 'ES', 37.39, -5.98, 1, 0.9, ['Seville']],
  ['VLC', 'Valencia', 'ES', 39.47, -0.38, 1, 0.85, []],
  ['PMI', 'Palma', 'ES', 39.57, 2.65, 1, 1.05, ['Palma de Mallorca', 'Mallorca', 'Majorca']],
  ['BIO', 'Bilbao', 'ES', 43.26, -2.93, 1, 0.9, []],
  ['TFS', 'Tenerife', 'ES', 28.29, -16.63, 0, 0.9, []],
  ['LPA', 'Gran Canaria', 'ES', 28.1, -15.41, 0, 0.85, ['Las Palmas']],
  ['LIS', 'Lisboa', 'PT', 38.72, -9.14, 0, 0.95, ['Lisbon']],
  ['OPO', 'Porto', 'PT', 41.15, -8.61, 0, 0.85, ['Oporto']],
  ['LHR', 'London', 'GB', 51.51, -0.13, 0, 1.6, ['Londres']],
  ['DUB', 'Dublin', 'IE', 53.35, -6.26, 0, 1.35, ['Dublín']],
  ['EDI', 'Edinburgh', 'GB', 55.95, -3.19, 0, 1.2, ['Edimburgo']],
  ['CDG', 'Paris', 'FR', 48.86, 2.35, 1, 1.55, ['París']],
  ['NCE', 'Nice', 'FR', 43.7, 7.27, 1, 1.25, ['Niza']],
  ['AMS', 'Amsterdam', 'NL', 52.37, 4.9, 1, 1.5, ['Ámsterdam']],
  ['BRU', 'Brussels', 'BE', 50.85, 4.35, 1, 1.15, ['Bruselas', 'Bruxelles']],
  ['FRA', 'Frankfurt', 'DE', 50.11, 8.68, 1, 1.1, ['Fráncfort']],
  ['BER', 'Berlin', 'DE', 52.52, 13.4, 1, 1.05, ['Berlín']],
  ['MUC', 'Munich', 'DE', 48.14, 11.58, 1, 1.25, ['Múnich', 'München']],
  ['HAM', 'Hamburg', 'DE', 53.55, 9.99, 1, 1.1, ['Hamburgo']],
  ['ZRH', 'Zurich', 'CH', 47.37, 8.54, 1, 1.8, ['Zúrich', 'Zürich']],
  ['GVA', 'Geneva', 'CH', 46.2, 6.14, 1, 1.75, ['Ginebra', 'Genève']],
  ['VIE', 'Vienna', 'AT', 48.21, 16.37, 1, 1.15, ['Viena', 'Wien']],
  ['PRG', 'Prague', 'CZ', 50.08, 14.44, 1, 0.8, ['Praga', 'Praha']],
  ['BUD', 'Budapest', 'HU', 47.5, 19.04, 1, 0.75, []],
  ['WAW', 'Warsaw', 'PL', 52.23, 21.01, 1, 0.75, ['Varsovia', 'Warszawa']],
  ['CPH', 'Copenhagen', 'DK', 55.68, 12.57, 1, 1.5, ['Copenhague', 'København']],
  ['ARN', 'Stockholm', 'SE', 59.33, 18.07, 1, 1.35, ['Estocolmo']],
  ['OSL', 'Oslo', 'NO', 59.91, 10.75, 1, 1.55, []],
  ['HEL', 'Helsinki', 'FI', 60.17, 24.94, 2, 1.25, []],
  ['FCO', 'Roma', 'IT', 41.9, 12.5, 1, 1.2, ['Rome']],
  ['MXP', 'Milano', 'IT', 45.46, 9.19, 1, 1.3, ['Milan', 'Milán']],
  ['VCE', 'Venezia', 'IT', 45.44, 12.32, 1, 1.45, ['Venice', 'Venecia']],
  ['NAP', 'Napoli', 'IT', 40.85, 14.27, 1, 0.9, ['Naples', 'Nápoles']],
  ['ATH', 'Athens', 'GR', 37.98, 23.73, 2, 0.95, ['Atenas', 'Athina']],
  ['IST', 'Istanbul', 'TR', 41.01, 28.98, 3, 0.8, ['Estambul', 'İstanbul']],
  ['DBV', 'Dubrovnik', 'HR', 42.65, 18.09, 1, 1.2, []],
  ['MLA', 'Malta', 'MT', 35.9, 14.51, 1, 0.95, ['Valletta', 'La Valeta']],
  ['RAK', 'Marrakech', 'MA', 31.63, -7.99, 1, 0.7, ['Marrakesh', 'Marrakesch']],
  ['CAI', 'Cairo', 'EG', 30.04, 31.24, 2, 0.6, ['El Cairo']],
  ['DXB', 'Dubai', 'AE', 25.2, 55.27, 4, 1.4, ['Dubái']],
  ['JFK', 'New York', 'US', 40.71, -74.01, -5, 1.8, ['Nueva York', 'NYC']],
  ['MIA', 'Miami', 'US', 25.76, -80.19, -5, 1.4, []],
  ['MEX', 'Mexico City', 'MX', 19.43, -99.13, -6, 0.75, ['Ciudad de México', 'CDMX']],
  ['BOG', 'Bogotá', 'CO', 4.71, -74.07, -5, 0.65, []],
  ['EZE', 'Buenos Aires', 'AR', -34.6, -58.38, -3, 0.7, []],
  ['GRU', 'São Paulo', 'BR', -23.55, -46.63, -3, 0.8, ['Sao Paulo', 'San Pablo']],
  ['TYO', 'Tokyo', 'JP', 35.68, 139.69, 9, 1.3, ['Tokio']],
];

/** The ~50 cities the demo inventory covers, in a fixed order. */
export const cities: readonly City[] = rows.map(([code, name, country, lat, lon, utcOffset, cost, aliases]) => ({
  code, name, country, lat, lon, utcOffset, cost, aliases,
}));

/** Case, accents, punctuation and spacing do not matter when matching a typed place. */
export const normalizePlace = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

const byText = new Map<string, City>();
for (const city of cities) {
  for (const text of [city.code, city.name, ...city.aliases]) byText.set(normalizePlace(text), city);
}

/** The city a visitor typed (name in English or Spanish, with or without accents, or its code). */
export function findCity(text: string): City | undefined {
  return byText.get(normalizePlace(text));
}

/** Up to `count` city names starting like `text` (or a fixed few), to offer when nothing matched. */
export function suggestCities(text: string, count = 5): string[] {
  const start = normalizePlace(text).slice(0, 2);
  const close = start ? cities.filter((c) => [c.name, ...c.aliases].some((n) => normalizePlace(n).startsWith(start))) : [];
  return [...close, ...cities].map((c) => c.name).filter((name, i, all) => all.indexOf(name) === i).slice(0, count);
}

/** Great-circle distance in km. */
export function distanceKm(a: City, b: City): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The place as replies show it (no coordinates or price levels). */
export const toPlace = ({ code, name, country }: City): Place => ({ code, name, country });
