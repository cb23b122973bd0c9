import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import type { SearchReply } from './contract.js';
import { hotelImage } from './hotelImage.js';
import { hotelInventory } from './hotels.js';
import { findCity } from './places.js';
import { runSearch } from './runSearch.js';
import type { SearchQueryString } from './searchQuery.js';
import { parseSearchQuery, searchQuerySchema } from './searchQuery.js';

const KNOWN_PARAMS = new Set(Object.keys(searchQuerySchema.properties));

// The app's Ajv drops unknown properties silently; a search with a misspelt filter would then
// look filtered while it is not, so an unknown parameter is refused by name instead.
async function rejectUnknownParams(request: FastifyRequest): Promise<void> {
  const unknown = Object.keys(request.query as object).find((name) => !KNOWN_PARAMS.has(name));
  if (unknown !== undefined) throw httpError(errorCodes.BAD_QUERY, `querystring/${unknown.slice(0, 40)} is not a parameter of the search`);
}

const IMAGE = /^hotel-([A-Z]{3})-([1-9][0-9]{0,2})\.svg$/;
const imageParams = {
  type: 'object',
  required: ['image'],
  properties: { image: { type: 'string', maxLength: 32, pattern: IMAGE.source } },
} as const;

/**
 * The demo site's search (docs/search.md): `GET /a/api/search` answers from the generated
 * inventory, `GET /a/api/search/images/hotel-{city}-{n}.svg` draws a hotel's picture. Both are
 * pure functions of the URL, so replies may be cached.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SearchQueryString }>(
    '/a/api/search',
    { preValidation: rejectUnknownParams, schema: { querystring: searchQuerySchema }, schemaErrorFormatter: readableSchemaErrors },
    async (request, reply): Promise<SearchReply> => {
      const result = runSearch(parseSearchQuery(request.query));
      // Deterministic, but prices of a real inventory move: a short shared cache, not a long one.
      reply.header('cache-control', 'public, max-age=300');
      return result;
    },
  );
  app.get<{ Params: { image: string } }>(
    '/a/api/search/images/:image',
    { schema: { params: imageParams }, schemaErrorFormatter: readableSchemaErrors },
    async (request, reply) => {
      const [, code = '', number = '0'] = IMAGE.exec(request.params.image) ?? [];
      const city = findCity(code);
      // The picture exists only for a hotel the inventory has (its number within the city's count).
      const hotel = city ? hotelInventory(city, '2000-01-01', 1)[Number(number) - 1] : undefined;
      if (!hotel) throw httpError(errorCodes.NOT_FOUND, 'No such hotel image');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(hotelImage(hotel.id));
    },
  );
}
