import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { CarSearchReply, FlightSearchReply, HotelSearchReply, SearchReply } from './contract.js';

// The routes read nothing from the store: one app for the whole file.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (query: string) => t.app.inject({ method: 'GET', url: `/a/api/search?${query}` });
async function search<T extends SearchReply>(query: string): Promise<T> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const trip = 'vertical=flights&from=Madrid&to=Lisboa&depart=2026-12-07&return=2026-12-14';
const stay = 'vertical=hotels&from=Roma&depart=2026-12-07&return=2026-12-10';
const hire = 'vertical=cars&from=Málaga&depart=2026-12-07&return=2026-12-12';

/** Every result of a search, page after page. */
async function allPages<T extends SearchReply>(query: string): Promise<T['results']> {
  const first = await search<T>(query);
  const rest = await Promise.all(Array.from({ length: first.pages - 1 }, (_, i) => search<T>(`${query}&page=${i + 2}`)));
  return [first, ...rest].flatMap((reply): unknown[] => reply.results) as T['results'];
}

const sorted = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

describe('GET /a/api/search', () => {
  it('gives the same reply to the same query, and pages that cover every result once', async () => {
    const first = await get(trip);
    const again = await get(trip);
    expect(again.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const reply = first.json<FlightSearchReply>();
    expect(reply).toMatchObject({ vertical: 'flights', from: { code: 'MAD' }, to: { code: 'LIS' }, page: 1, pageSize: 10, suggestions: [] });
    expect(reply.total).toBeGreaterThanOrEqual(20);
    expect(reply.pages).toBe(Math.ceil(reply.total / 10));
    const every = await allPages<FlightSearchReply>(trip);
    expect(every).toHaveLength(reply.total);
    expect(new Set(every.map((offer) => offer.id)).size).toBe(reply.total);
    expect((await search<FlightSearchReply>(`${trip}&page=99`)).results).toEqual([]);
  });

  it('differs from one trip to another, and names places however they are typed', async () => {
    const other = await search<FlightSearchReply>('vertical=flights&from=mad&to=lisbon&depart=2026-12-08');
    expect(other).toMatchObject({ from: { name: 'Madrid' }, to: { name: 'Lisboa' }, return: null });
    expect(other.results[0]!.inbound).toBeNull();
    expect(other.results.map((o) => o.id)).not.toEqual((await search<FlightSearchReply>(trip)).results.map((o) => o.id));
    expect((await search<HotelSearchReply>('vertical=hotels&from=M%C3%BANICH&depart=2026-12-07&return=2026-12-08')).from?.code).toBe('MUC');
  });

  it('sorts flights by price, duration or departure, cheapest first by default', async () => {
    expect(sorted((await allPages<FlightSearchReply>(trip)).map((o) => o.price))).toBe(true);
    expect(sorted((await allPages<FlightSearchReply>(`${trip}&sort=duration`)).map((o) => o.durationMinutes))).toBe(true);
    const departures = (await allPages<FlightSearchReply>(`${trip}&sort=departure`)).map((o) => o.outbound.departAt);
    expect(departures).toEqual([...departures].sort());
  });

  it('sorts hotels by rating and stars best first, cars by seats most first', async () => {
    const byRating = (await allPages<HotelSearchReply>(`${stay}&sort=rating`)).map((o) => -o.rating);
    expect(sorted(byRating)).toBe(true);
    expect(sorted((await allPages<HotelSearchReply>(`${stay}&sort=stars`)).map((o) => -o.stars))).toBe(true);
    expect(sorted((await allPages<CarSearchReply>(`${hire}&sort=seats`)).map((o) => -o.seats))).toBe(true);
  });

  it('filters flights by stops, airline, price and cancellation, with facets of the whole list', async () => {
    const all = await allPages<FlightSearchReply>(trip);
    const { facets } = await search<FlightSearchReply>(trip);
    expect(facets.stops.reduce((n, f) => n + f.count, 0)).toBe(all.length);
    expect(facets.carriers.reduce((n, f) => n + f.count, 0)).toBe(all.length);
    expect(facets.price).toEqual({ min: Math.floor(Math.min(...all.map((o) => o.price))), max: Math.ceil(Math.max(...all.map((o) => o.price))) });
    const direct = await allPages<FlightSearchReply>(`${trip}&stops=0`);
    expect(direct.length).toBe(all.filter((o) => o.stops === 0).length);
    expect(direct.length).toBeGreaterThan(0);
    const [a, b] = facets.carriers;
    const some = await allPages<FlightSearchReply>(`${trip}&carriers=${a!.value},${b!.value}`);
    expect(some).toHaveLength(a!.count + b!.count);
    const limit = Math.round((facets.price.min + facets.price.max) / 2);
    const cheap = await allPages<FlightSearchReply>(`${trip}&maxPrice=${limit}&freeCancellation=true`);
    expect(cheap).toEqual(all.filter((o) => o.price <= limit && o.freeCancellation));
  });

  it('filters hotels by stars, rating and price, cars by class and transmission', async () => {
    const hotels = await allPages<HotelSearchReply>(stay);
    const good = await allPages<HotelSearchReply>(`${stay}&minStars=4&minRating=8.5&maxPrice=400`);
    expect(good).toEqual(hotels.filter((o) => o.stars >= 4 && o.rating >= 8.5 && o.pricePerNight <= 400));
    expect(hotels.every((o) => o.nights === 3 && Math.abs(o.totalPrice - o.pricePerNight * 3) < 0.01)).toBe(true);
    const cars = await allPages<CarSearchReply>(hire);
    const some = await allPages<CarSearchReply>(`${hire}&classes=suv,van&transmission=automatic`);
    expect(some).toEqual(cars.filter((o) => ['suv', 'van'].includes(o.carClass) && o.transmission === 'automatic'));
    expect(cars.every((o) => o.days === 5 && o.oneWayFee === 0 && o.pickUp.code === 'AGP' && o.dropOff.code === 'AGP')).toBe(true);
  });

  it('answers an unknown place with no results and cities to try', async () => {
    const reply = await search<FlightSearchReply>('vertical=flights&from=Madrid&to=Springfield&depart=2026-12-07');
    expect(reply).toMatchObject({ total: 0, pages: 0, results: [], to: null, from: { code: 'MAD' } });
    expect(reply.suggestions.length).toBeGreaterThan(0);
  });

  it('refuses a query that breaks the contract with TARMAC_BAD_QUERY naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['from=Madrid&depart=2026-12-07', /vertical/],
      ['vertical=trains&from=Madrid&depart=2026-12-07', /vertical/],
      ['vertical=flights&from=Madrid&depart=2026-12-07', /to is required/],
      [`${trip}&page=0`, /page/],
      [`${trip}&sort=rating`, /sort must be one of price, duration, departure/],
      [`${trip}&minStars=3`, /minStars does not apply to flights/],
      [`${stay}&stops=0`, /stops does not apply to hotels/],
      [`${hire}&classes=suv,limo`, /"limo"/],
      ['vertical=flights&from=Madrid&to=Roma&depart=2026-02-30', /depart is not a calendar day/],
      ['vertical=flights&from=Madrid&to=Roma&depart=2026-12-07&return=2026-12-01', /return must be on or after depart/],
      ['vertical=hotels&from=Roma&depart=2026-12-07', /return is required for hotels/],
      ['vertical=hotels&from=Roma&depart=2026-12-01&return=2027-01-15', /at most 30 days/],
      [`${trip}&debug=1`, /debug is not a parameter/],
      [`${trip}&maxPrice=cheap`, /maxPrice/],
      ['vertical=hotels&from=Ro%01ma&depart=2026-12-07&return=2026-12-08', /from must not contain control characters/],
      [`${trip}&travellers=1&travellers=2`, /travellers/],
    ];
    for (const [query, reason] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ statusCode: 400, code: 'TARMAC_BAD_QUERY' });
      expect(res.json<{ reason: string }>().reason, query).toMatch(reason);
    }
  });
});

describe('GET /a/api/search/images/:image', () => {
  it('draws the picture of every hotel a search returns, the same each time', async () => {
    const { results } = await search<HotelSearchReply>(stay);
    const res = await t.app.inject({ method: 'GET', url: results[0]!.image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect((await t.app.inject({ method: 'GET', url: results[0]!.image })).body).toBe(res.body);
    expect((await t.app.inject({ method: 'GET', url: results[1]!.image })).body).not.toBe(res.body);
  });

  it('answers 404 for a hotel that does not exist and 400 for a name that cannot be one', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/a/api/search/images/hotel-MAD-999.svg' });
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'TARMAC_NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/a/api/search/images/hotel-XXX-1.svg' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/a/api/search/images/..%2Fsecret.svg' });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'TARMAC_BAD_PARAMS' });
  });
});
