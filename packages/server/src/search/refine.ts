import type { CarOffer, FacetCount, FlightOffer, HotelOffer, PriceRange, SearchFilters, SearchSort } from './contract.js';

/** Lowest and highest of a list of prices (0..0 for none), whole euros around them. */
export function priceRange(prices: number[]): PriceRange {
  if (prices.length === 0) return { min: 0, max: 0 };
  return { min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) };
}

/** How often each value occurs, in the order of `order`, values that never occur left out. */
export function countBy<T extends string | number>(values: T[], order: readonly T[]): FacetCount<T>[] {
  return order.map((value) => ({ value, count: values.filter((v) => v === value).length })).filter((f) => f.count > 0);
}

// Ties are broken by id, so pages never overlap or skip an offer whatever the sort.
const byThenId = <T extends { id: string }>(key: (offer: T) => number) => (a: T, b: T) => key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const departureMinutes = (offer: FlightOffer) => Number(offer.outbound.departAt.slice(11, 13)) * 60 + Number(offer.outbound.departAt.slice(14, 16));

/** Flights that pass the filters, in the asked order. */
export function refineFlights(offers: FlightOffer[], filters: SearchFilters, sort: SearchSort): FlightOffer[] {
  const kept = offers.filter(
    (offer) =>
      (filters.maxPrice === undefined || offer.price <= filters.maxPrice) &&
      (!filters.freeCancellation || offer.freeCancellation) &&
      (filters.stops === undefined || offer.stops <= filters.stops) &&
      (filters.carriers === undefined || filters.carriers.includes(offer.outbound.carrier.code)),
  );
  const key = sort === 'duration' ? (o: FlightOffer) => o.durationMinutes : sort === 'departure' ? departureMinutes : (o: FlightOffer) => o.price;
  return kept.sort(byThenId(key));
}

/** Hotels that pass the filters, in the asked order (ratings and stars best first). */
export function refineHotels(offers: HotelOffer[], filters: SearchFilters, sort: SearchSort): HotelOffer[] {
  const kept = offers.filter(
    (offer) =>
      (filters.maxPrice === undefined || offer.pricePerNight <= filters.maxPrice) &&
      (!filters.freeCancellation || offer.freeCancellation) &&
      (filters.minStars === undefined || offer.stars >= filters.minStars) &&
      (filters.minRating === undefined || offer.rating >= filters.minRating),
  );
  const keys: Partial<Record<SearchSort, (o: HotelOffer) => number>> = {
    rating: (o) => -o.rating,
    stars: (o) => -o.stars * 100 - o.rating,
    distance: (o) => o.distanceKm,
  };
  return kept.sort(byThenId(keys[sort] ?? ((o) => o.pricePerNight)));
}

/** Cars that pass the filters, in the asked order (most seats first for `seats`). */
export function refineCars(offers: CarOffer[], filters: SearchFilters, sort: SearchSort): CarOffer[] {
  const kept = offers.filter(
    (offer) =>
      (filters.maxPrice === undefined || offer.pricePerDay <= filters.maxPrice) &&
      (!filters.freeCancellation || offer.freeCancellation) &&
      (filters.classes === undefined || filters.classes.includes(offer.carClass)) &&
      (filters.transmission === undefined || offer.transmission === filters.transmission),
  );
  const key = sort === 'seats' ? (o: CarOffer) => -o.seats * 10_000 + o.pricePerDay : (o: CarOffer) => o.pricePerDay;
  return kept.sort(byThenId(key));
}
