import type { Carrier, FlightLeg, FlightOffer } from './contract.js';
import type { City } from './places.js';
import { distanceKm, toPlace } from './places.js';
import { seededRandom, shopPrice } from './random.js';
import type { Random } from './random.js';
import { localTime } from './localTime.js';

/** The airlines of the demo (invented), with how dear each one is. */
export const carriers: readonly (Carrier & { priceLevel: number })[] = [
  { code: 'AZ', name: 'Azure Wings', priceLevel: 1.1 },
  { code: 'SL', name: 'Solara', priceLevel: 0.8 },
  { code: 'NX', name: 'Nordlys Air', priceLevel: 1.15 },
  { code: 'MR', name: 'Meridian', priceLevel: 1.25 },
  { code: 'PK', name: 'Pika Jet', priceLevel: 0.7 },
  { code: 'AT', name: 'Atlántica', priceLevel: 1 },
  { code: 'HV', name: 'Halcyon', priceLevel: 1.35 },
  { code: 'VR', name: 'Vento Rosso', priceLevel: 0.9 },
];

const HUBS = ['MAD', 'LIS', 'CDG', 'AMS', 'FRA', 'MUC', 'ZRH', 'IST', 'DXB', 'LHR', 'VIE', 'CPH'];

function layovers(random: Random, from: City, to: City, stops: number): string[] {
  const candidates = HUBS.filter((code) => code !== from.code && code !== to.code);
  const via: string[] = [];
  while (via.length < stops) {
    const hub = random.pick(candidates);
    if (!via.includes(hub)) via.push(hub);
  }
  return via;
}

function leg(random: Random, from: City, to: City, day: string, stops: number, carrier: Carrier): FlightLeg {
  const km = distanceKm(from, to);
  const airborne = 35 + ((km * (stops ? 1.12 : 1)) / 800) * 60;
  const waiting = Array.from({ length: stops }, () => random.int(10, 40) * 5).reduce((a, b) => a + b, 0);
  const durationMinutes = Math.round((airborne + waiting) / 5) * 5;
  const departs = random.int(6 * 12, 22 * 12) * 5; // minutes after midnight, 06:00..22:00
  const arrives = departs + durationMinutes + (to.utcOffset - from.utcOffset) * 60;
  return {
    carrier: { code: carrier.code, name: carrier.name },
    flightNumber: `${carrier.code}${random.int(100, 9899)}`,
    from: toPlace(from),
    to: toPlace(to),
    departAt: localTime(day, departs),
    arriveAt: localTime(day, arrives),
    durationMinutes,
    stops,
    via: layovers(random, from, to, stops),
  };
}

/**
 * Every flight offer between two cities on a day (and back on another), the same list for the
 * same trip every time: 20 to 45 offers, direct flights likelier on short routes, prices from the
 * distance, the airline and the stops.
 */
export function flightInventory(from: City, to: City, depart: string, back: string | null, travellers: number): FlightOffer[] {
  const random = seededRandom(`flights|${from.code}|${to.code}|${depart}|${back ?? ''}`);
  const km = distanceKm(from, to);
  const directShare = km < 3000 ? 0.55 : 0.3;
  const count = random.int(20, 45);
  const offers: FlightOffer[] = [];
  for (let i = 0; i < count; i++) {
    const carrier = random.pick(carriers);
    const stops = random.chance(directShare) ? 0 : random.chance(0.75) ? 1 : 2;
    const outbound = leg(random, from, to, depart, stops, carrier);
    const inbound = back ? leg(random, to, from, back, random.chance(0.7) ? stops : Math.max(0, 1 - stops), carrier) : null;
    const oneWay = (29 + km * 0.07) * carrier.priceLevel * (1 - stops * 0.12) * random.between(0.8, 1.4);
    const price = shopPrice(oneWay * (inbound ? 1.85 : 1));
    const seats = random.int(1, 20);
    offers.push({
      id: `FL-${from.code}${to.code}-${depart.replaceAll('-', '')}-${String(i + 1).padStart(2, '0')}`,
      outbound,
      inbound,
      price,
      totalPrice: Math.round(price * travellers * 100) / 100,
      stops: Math.max(stops, inbound?.stops ?? 0),
      durationMinutes: outbound.durationMinutes + (inbound?.durationMinutes ?? 0),
      cabin: 'economy',
      freeCancellation: random.chance(0.25),
      bagsIncluded: carrier.priceLevel >= 1 ? 1 : 0,
      seatsLeft: seats <= 6 ? seats : null,
    });
  }
  return offers;
}
