import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { DropReport, DropSource, StoredDropReport } from './contract.js';

/**
 * Refuses a body that carries neither items nor a drop report (400, `TARMAC_BAD_BODY`). Item
 * lists may be empty since pages send drop reports alone in their exit beacon, but an empty body
 * is still a client bug the page should hear about. Called first in the handler, so a refused
 * body stores nothing.
 */
export function requireItemsOrDrops(items: readonly unknown[], dropped: DropReport | undefined, itemsField: string): void {
  if (items.length === 0 && dropped === undefined) {
    throw httpError(errorCodes.BAD_BODY, `body/${itemsField} must not be empty unless body/dropped is present`);
  }
}

/**
 * What storage keeps of a body's `dropped` field (undefined when it has none), so both ingest
 * routes stamp it the same way.
 */
export function toStoredDrops(
  dropped: DropReport | undefined,
  source: DropSource,
  product: string | null,
  receivedAt: number,
): StoredDropReport | undefined {
  return dropped && { id: dropped.id, source, product, receivedAt, counts: dropped.counts };
}
