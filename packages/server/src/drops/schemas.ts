import type { FieldsOf } from '../http/fieldsOf.js';
import { CLIENT_ID_PATTERN } from '../http/strictInput.js';
import type { DropReason, DropReport } from './contract.js';

// A page reports what it lost since its last delivered report; a billion of one reason is far
// beyond any real page and bounds what one forged body can add to a total.
const count = { type: 'integer', minimum: 1, maximum: 1e9 } as const;

/**
 * One property per reason. `FieldsOf` keys it by `DropReason`, so a reason added to the
 * platform's type but not here (or the reverse) stops the server compiling.
 */
const counts = {
  type: 'object',
  additionalProperties: false,
  // Checked on the object as sent, before unknown reasons are stripped: a report always counts
  // something, but one that counts only reasons newer than this server still gets its batch in.
  minProperties: 1,
  properties: {
    queue_full: count,
    retries_exhausted: count,
    rejected: count,
    filtered: count,
    stopped: count,
    consent: count,
    oversize: count,
  },
} as const satisfies FieldsOf<DropReport['counts']> & { minProperties: number };

/**
 * The `dropped` field of the log and analytics bodies. Unknown reasons are stripped, not
 * refused, as unknown fields are everywhere else: refusing them would lose the whole batch
 * (items included) for a page one release ahead of the server.
 */
export const droppedSchema = {
  type: 'object',
  required: ['id', 'counts'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: CLIENT_ID_PATTERN },
    counts,
  },
} as const satisfies FieldsOf<DropReport>;

/** Every reason the server knows, in the schema's order (the order the console lists them). */
export const DROP_REASONS = Object.keys(counts.properties) as DropReason[];
