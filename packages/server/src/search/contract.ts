/**
 * The demo search API (`GET /a/api/search`, docs/search.md): its query and its replies. Types
 * only, shared with the demo site through `@tarmac/server/contracts`, so both read one shape.
 */

/** What the site searches. */
export type SearchVertical = 'flights' | 'hotels' | 'cars';

/** Orders a result list can take; each vertical accepts those of {@link sortsOf}. */
export type SearchSort = 'price' | 'duration' | 'departure' | 'rating' | 'stars' | 'distance' | 'seats';

/** A city of the inventory as replies name it. */
export interface Place {
  /** IATA-like code (MAD). */
  code: string;
  /** Name in the city's own usage (Lisboa, München is "Munich"): the site may translate it. */
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** An airline of the inventory. */
export interface Carrier {
  code: string;
  name: string;
}

/** One flight from one place to another: times are local to each airport, `yyyy-mm-ddThh:mm`. */
export interface FlightLeg {
  carrier: Carrier;
  flightNumber: string;
  from: Place;
  to: Place;
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  stops: number;
  /** Codes of the airports where it stops. */
  via: string[];
}

/** A flight offer: the outbound leg, the inbound one for a return trip, price in EUR. */
export interface FlightOffer {
  id: string;
  outbound: FlightLeg;
  inbound: FlightLeg | null;
  /** Per traveller, both legs. */
  price: number;
  /** For all travellers. */
  totalPrice: number;
  /** The leg with more stops decides: 0 is direct both ways. */
  stops: number;
  /** Outbound and inbound minutes together. */
  durationMinutes: number;
  cabin: 'economy';
  freeCancellation: boolean;
  bagsIncluded: number;
  /** Seats left at this price, when few. */
  seatsLeft: number | null;
}

/** Where in town a hotel is; the site words it in its language. */
export type HotelArea = 'centre' | 'oldTown' | 'waterfront' | 'business' | 'station' | 'airport' | 'museums' | 'university';
/** What a hotel offers, as codes the site words. */
export type HotelAmenity = 'wifi' | 'breakfast' | 'pool' | 'parking' | 'gym' | 'spa' | 'airCon' | 'petsAllowed';

/** A hotel offer for the whole stay, prices in EUR. */
export interface HotelOffer {
  id: string;
  name: string;
  city: Place;
  stars: number;
  /** Guest rating 0..10, one decimal. */
  rating: number;
  reviews: number;
  area: HotelArea;
  distanceKm: number;
  amenities: HotelAmenity[];
  pricePerNight: number;
  nights: number;
  totalPrice: number;
  freeCancellation: boolean;
  /** A generated picture of the hotel, served by this server (SVG). */
  image: string;
}

/** Car size classes, smallest first. */
export type CarClass = 'mini' | 'economy' | 'compact' | 'intermediate' | 'suv' | 'van' | 'premium';
export type Transmission = 'manual' | 'automatic';

/** A rental car offer for the whole hire, prices in EUR. */
export interface CarOffer {
  id: string;
  carClass: CarClass;
  /** An example model; the car is "or similar". */
  model: string;
  supplier: string;
  /** Supplier's customer score, 0..10. */
  supplierRating: number;
  seats: number;
  doors: number;
  bags: number;
  transmission: Transmission;
  airCon: boolean;
  unlimitedMileage: boolean;
  pickUp: Place;
  dropOff: Place;
  pricePerDay: number;
  days: number;
  /** Includes the one-way fee when the car is returned elsewhere. */
  totalPrice: number;
  oneWayFee: number;
  freeCancellation: boolean;
}

/** Lowest and highest price of the list, in the unit `maxPrice` filters (per traveller, night or day). */
export interface PriceRange {
  min: number;
  max: number;
}

/** How many results have a value: what a filter panel shows beside each option. */
export interface FacetCount<T extends string | number = string> {
  value: T;
  count: number;
}

export interface FlightFacets {
  price: PriceRange;
  stops: FacetCount<number>[];
  carriers: (FacetCount & { name: string })[];
}
export interface HotelFacets {
  price: PriceRange;
  stars: FacetCount<number>[];
}
export interface CarFacets {
  price: PriceRange;
  classes: FacetCount<CarClass>[];
  transmissions: FacetCount<Transmission>[];
}

/** What every reply says about the search besides its results. */
interface SearchReplyBase {
  /** The places as understood; null when the text matched no city of the inventory. */
  from: Place | null;
  to: Place | null;
  depart: string;
  return: string | null;
  travellers: number;
  sort: SearchSort;
  page: number;
  pageSize: number;
  /** Results after filters, over all pages. */
  total: number;
  pages: number;
  /** Cities to offer when a place matched none (empty otherwise). */
  suggestions: string[];
}

export interface FlightSearchReply extends SearchReplyBase {
  vertical: 'flights';
  results: FlightOffer[];
  /** Counted before filters, so a panel can offer every option there is. */
  facets: FlightFacets;
}
export interface HotelSearchReply extends SearchReplyBase {
  vertical: 'hotels';
  results: HotelOffer[];
  facets: HotelFacets;
}
export interface CarSearchReply extends SearchReplyBase {
  vertical: 'cars';
  results: CarOffer[];
  facets: CarFacets;
}

/** The reply of `GET /a/api/search`, told apart by `vertical`. */
export type SearchReply = FlightSearchReply | HotelSearchReply | CarSearchReply;

/** The filters a search can carry, as parsed from the query (each vertical takes its own). */
export interface SearchFilters {
  maxPrice?: number;
  freeCancellation?: boolean;
  stops?: number;
  carriers?: string[];
  minStars?: number;
  minRating?: number;
  classes?: CarClass[];
  transmission?: Transmission;
}

/** Sorts and filters per vertical, first sort the default: the API refuses the others. */
export const sortsOf = {
  flights: ['price', 'duration', 'departure'],
  hotels: ['price', 'rating', 'stars', 'distance'],
  cars: ['price', 'seats'],
} as const satisfies Record<SearchVertical, readonly SearchSort[]>;

export const filtersOf = {
  flights: ['maxPrice', 'freeCancellation', 'stops', 'carriers'],
  hotels: ['maxPrice', 'freeCancellation', 'minStars', 'minRating'],
  cars: ['maxPrice', 'freeCancellation', 'classes', 'transmission'],
} as const satisfies Record<SearchVertical, readonly (keyof SearchFilters)[]>;

/** Results per page. */
export const SEARCH_PAGE_SIZE = 10;
