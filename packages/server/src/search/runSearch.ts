import type { SearchReply } from './contract.js';
import { SEARCH_PAGE_SIZE } from './contract.js';
import { carClasses, carInventory } from './cars.js';
import { carriers, flightInventory } from './flights.js';
import { hotelInventory } from './hotels.js';
import { daysBetween } from './localTime.js';
import { findCity, suggestCities, toPlace } from './places.js';
import { countBy, priceRange, refineCars, refineFlights, refineHotels } from './refine.js';
import type { SearchRequest } from './searchQuery.js';

function page<T>(all: T[], request: SearchRequest) {
  const start = (request.page - 1) * SEARCH_PAGE_SIZE;
  return { total: all.length, pages: Math.ceil(all.length / SEARCH_PAGE_SIZE), results: all.slice(start, start + SEARCH_PAGE_SIZE) };
}

/**
 * Answers a search from the generated inventory: the offers of the trip, filtered, sorted and cut
 * to the asked page, with the facets of the unfiltered list. A place that matches no city gives
 * an empty list and some cities to suggest instead. Pure: the same request, the same reply.
 */
export function runSearch(request: SearchRequest): SearchReply {
  const from = findCity(request.from);
  // Cars without a drop-off place go back where they were picked up.
  const to = request.to === null ? (request.vertical === 'cars' ? from : undefined) : findCity(request.to);
  // The text that matched no city, if any: the reply suggests cities instead of it.
  const unknown = !from ? request.from : request.to !== null && !to ? request.to : undefined;
  const base = {
    from: from ? toPlace(from) : null,
    to: to ? toPlace(to) : null,
    depart: request.depart,
    return: request.return,
    travellers: request.travellers,
    sort: request.sort,
    page: request.page,
    pageSize: SEARCH_PAGE_SIZE,
    suggestions: unknown === undefined ? [] : suggestCities(unknown),
  };
  const days = request.return === null ? 1 : Math.max(1, daysBetween(request.depart, request.return));
  if (request.vertical === 'flights') {
    const offers = from && to && from !== to ? flightInventory(from, to, request.depart, request.return, request.travellers) : [];
    const facets = {
      price: priceRange(offers.map((o) => o.price)),
      stops: countBy(offers.map((o) => o.stops), [0, 1, 2]),
      carriers: countBy(offers.map((o) => o.outbound.carrier.code), carriers.map((c) => c.code)).map((f) => ({ ...f, name: carriers.find((c) => c.code === f.value)!.name })),
    };
    return { ...base, vertical: 'flights', facets, ...page(refineFlights(offers, request.filters, request.sort), request) };
  }
  if (request.vertical === 'hotels') {
    const offers = from ? hotelInventory(from, request.depart, days) : [];
    const facets = { price: priceRange(offers.map((o) => o.pricePerNight)), stars: countBy(offers.map((o) => o.stars), [5, 4, 3, 2, 1]) };
    return { ...base, vertical: 'hotels', facets, ...page(refineHotels(offers, request.filters, request.sort), request) };
  }
  const offers = from && to ? carInventory(from, to, request.depart, days) : [];
  const facets = {
    price: priceRange(offers.map((o) => o.pricePerDay)),
    classes: countBy(offers.map((o) => o.carClass), carClasses),
    transmissions: countBy(offers.map((o) => o.transmission), ['manual', 'automatic'] as const),
  };
  return { ...base, vertical: 'cars', facets, ...page(refineCars(offers, request.filters, request.sort), request) };
}
