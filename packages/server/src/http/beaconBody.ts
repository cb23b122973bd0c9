import type { FastifyInstance } from 'fastify';

/**
 * `navigator.sendBeacon` cannot set a JSON content type, so beacon endpoints receive their JSON
 * as `text/plain`. This makes `text/plain` bodies parse exactly like `application/json` ones
 * (same prototype-poisoning guards, same error codes) for every route of `app`; no endpoint of
 * this server takes free text, so nothing loses by it.
 */
export function addBeaconJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
}
