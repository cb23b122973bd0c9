import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { identifier } from '../http/strictInput.js';
import type { CarClass, SearchFilters, SearchSort, SearchVertical, Transmission } from './contract.js';
import { filtersOf, sortsOf } from './contract.js';
import { carClasses } from './cars.js';
import { daysBetween, dayMs } from './localTime.js';

/** The query string as it arrives (strings only: the app does not coerce types). */
export interface SearchQueryString {
  vertical: SearchVertical;
  from: string;
  to?: string;
  depart: string;
  return?: string;
  travellers?: string;
  page?: string;
  sort?: SearchSort;
  maxPrice?: string;
  freeCancellation?: 'true' | 'false';
  stops?: '0' | '1' | '2';
  carriers?: string;
  minStars?: '1' | '2' | '3' | '4' | '5';
  minRating?: string;
  classes?: string;
  transmission?: Transmission;
}

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

/** JSON schema of the query: shapes here, rules between fields in {@link parseSearchQuery}. */
export const searchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['vertical', 'from', 'depart'],
  properties: {
    vertical: { type: 'string', enum: ['flights', 'hotels', 'cars'] },
    from: identifier(80, 1),
    to: identifier(80, 1),
    depart: { type: 'string', pattern: DAY },
    return: { type: 'string', pattern: DAY },
    travellers: { type: 'string', pattern: '^[1-9]$' },
    page: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    sort: { type: 'string', enum: ['price', 'duration', 'departure', 'rating', 'stars', 'distance', 'seats'] },
    maxPrice: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    freeCancellation: { type: 'string', enum: ['true', 'false'] },
    stops: { type: 'string', enum: ['0', '1', '2'] },
    carriers: { type: 'string', pattern: '^[A-Z0-9]{2}(,[A-Z0-9]{2}){0,19}$' },
    minStars: { type: 'string', enum: ['1', '2', '3', '4', '5'] },
    minRating: { type: 'string', pattern: '^([0-9](\\.[0-9])?|10)$' },
    classes: { type: 'string', pattern: '^[a-z]{2,16}(,[a-z]{2,16}){0,9}$' },
    transmission: { type: 'string', enum: ['manual', 'automatic'] },
  },
} as const;

/** A query whose fields agree with each other, ready to search. */
export interface SearchRequest {
  vertical: SearchVertical;
  from: string;
  to: string | null;
  depart: string;
  return: string | null;
  travellers: number;
  page: number;
  sort: SearchSort;
  filters: SearchFilters;
}

/** Longest stay or hire, and how far ahead a return flight may be. */
export const MAX_STAY_DAYS = 30;
export const MAX_TRIP_DAYS = 365;

const bad = (reason: string) => httpError(errorCodes.BAD_QUERY, reason);

function checkDates(query: SearchQueryString): void {
  if (Number.isNaN(dayMs(query.depart))) throw bad('querystring/depart is not a calendar day');
  if (query.return === undefined) {
    if (query.vertical !== 'flights') throw bad(`querystring/return is required for ${query.vertical}`);
    return;
  }
  if (Number.isNaN(dayMs(query.return))) throw bad('querystring/return is not a calendar day');
  const days = daysBetween(query.depart, query.return);
  if (days < 0) throw bad('querystring/return must be on or after depart');
  const limit = query.vertical === 'flights' ? MAX_TRIP_DAYS : MAX_STAY_DAYS;
  if (days > limit) throw bad(`querystring/return must be at most ${limit} days after depart`);
}

function parseFilters(query: SearchQueryString): SearchFilters {
  const allowed: readonly string[] = filtersOf[query.vertical];
  for (const name of ['maxPrice', 'freeCancellation', 'stops', 'carriers', 'minStars', 'minRating', 'classes', 'transmission'] as const) {
    if (query[name] !== undefined && !allowed.includes(name)) throw bad(`querystring/${name} does not apply to ${query.vertical}`);
  }
  const classes = query.classes?.split(',');
  const unknown = classes?.find((name) => !(carClasses as string[]).includes(name));
  if (unknown !== undefined) throw bad(`querystring/classes: "${unknown}" is not one of ${carClasses.join(', ')}`);
  const filters: SearchFilters = {};
  if (query.maxPrice !== undefined) filters.maxPrice = Number(query.maxPrice);
  if (query.freeCancellation !== undefined) filters.freeCancellation = query.freeCancellation === 'true';
  if (query.stops !== undefined) filters.stops = Number(query.stops);
  if (query.carriers !== undefined) filters.carriers = query.carriers.split(',');
  if (query.minStars !== undefined) filters.minStars = Number(query.minStars);
  if (query.minRating !== undefined) filters.minRating = Number(query.minRating);
  if (classes !== undefined) filters.classes = classes as CarClass[];
  if (query.transmission !== undefined) filters.transmission = query.transmission;
  return filters;
}

/**
 * The rules between fields the schema cannot say: real calendar days, return on or after depart
 * (and required for stays and hires), a destination for flights, and only the sorts and filters
 * of the vertical searched. Each broken rule is a 400 TARMAC_BAD_QUERY naming the parameter.
 */
export function parseSearchQuery(query: SearchQueryString): SearchRequest {
  if (query.vertical === 'flights' && query.to === undefined) throw bad('querystring/to is required for flights');
  if (query.vertical === 'hotels' && query.to !== undefined) throw bad('querystring/to does not apply to hotels');
  checkDates(query);
  const sorts: readonly SearchSort[] = sortsOf[query.vertical];
  if (query.sort !== undefined && !sorts.includes(query.sort)) {
    throw bad(`querystring/sort must be one of ${sorts.join(', ')} for ${query.vertical}`);
  }
  return {
    vertical: query.vertical,
    from: query.from,
    to: query.to ?? null,
    depart: query.depart,
    return: query.return ?? null,
    travellers: Number(query.travellers ?? 1),
    page: Number(query.page ?? 1),
    sort: query.sort ?? sorts[0]!,
    filters: parseFilters(query),
  };
}
