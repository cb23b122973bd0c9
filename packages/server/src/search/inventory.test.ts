import { describe, expect, it } from 'vitest';
import { carInventory } from './cars.js';
import { flightInventory } from './flights.js';
import { hotelInventory } from './hotels.js';
import { cities, findCity, suggestCities } from './places.js';

const city = (text: string) => findCity(text)!;
const minutesBetween = (from: string, to: string) => (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;
const isShopPrice = (price: number) => Math.round(price * 100) % 100 === 99;

describe('the generated inventory', () => {
  it('has about fifty cities, each found by its name, its code and its other spellings', () => {
    expect(cities.length).toBe(50);
    for (const each of cities) {
      for (const text of [each.name, each.code.toLowerCase(), ...each.aliases]) expect(findCity(text)?.code, text).toBe(each.code);
    }
    expect(findCity('  sao   PAULO ')?.code).toBe('GRU');
    expect(findCity('Atlantis')).toBeUndefined();
    expect(suggestCities('Mad')).toContain('Madrid');
  });

  it('lands flights at local time: the clock moves by the duration and the time-zone difference', () => {
    const [madrid, newYork] = [city('Madrid'), city('New York')];
    const offers = flightInventory(madrid, newYork, '2026-12-07', '2026-12-20', 2);
    for (const offer of offers) {
      const { outbound, inbound } = offer;
      expect(minutesBetween(outbound.departAt, outbound.arriveAt)).toBe(outbound.durationMinutes - 6 * 60);
      expect(minutesBetween(inbound!.departAt, inbound!.arriveAt)).toBe(inbound!.durationMinutes + 6 * 60);
      expect(outbound.via).toHaveLength(outbound.stops);
      expect(outbound.via).not.toContain('MAD');
      expect(isShopPrice(offer.price)).toBe(true);
      expect(offer.totalPrice).toBeCloseTo(offer.price * 2, 2);
      // Madrid to New York takes seven hours or more, stops or not.
      expect(outbound.durationMinutes).toBeGreaterThanOrEqual(7 * 60);
    }
  });

  it('keeps a city’s hotels from one stay to the next, and prices them for the stay', () => {
    const rome = city('Roma');
    const short = hotelInventory(rome, '2026-12-07', 2);
    const long = hotelInventory(rome, '2027-03-01', 7);
    expect(long.map((h) => h.name)).toEqual(short.map((h) => h.name));
    for (const hotel of long) {
      expect(hotel.stars).toBeGreaterThanOrEqual(1);
      expect(hotel.rating).toBeLessThanOrEqual(9.8);
      expect(hotel.totalPrice).toBeCloseTo(hotel.pricePerNight * 7, 2);
      expect(hotel.amenities).toContain('wifi');
    }
    expect(new Set(short.map((h) => h.name)).size).toBe(short.length);
  });

  it('charges a one-way fee only when the car goes back elsewhere', () => {
    const [malaga, sevilla] = [city('Málaga'), city('Sevilla')];
    for (const car of carInventory(malaga, malaga, '2026-12-07', 3)) expect(car.oneWayFee).toBe(0);
    for (const car of carInventory(malaga, sevilla, '2026-12-07', 3)) {
      expect(car.oneWayFee).toBeGreaterThan(40);
      expect(car.totalPrice).toBeCloseTo(car.pricePerDay * 3 + car.oneWayFee, 2);
    }
  });
});
