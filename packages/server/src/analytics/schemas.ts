import { droppedSchema } from '../drops/schemas.js';
import type { FieldsOf } from '../http/fieldsOf.js';
import { CLIENT_ID_PATTERN, EPOCH_MS_RANGE, MAX_FREE_NUMBER, PATH_PATTERN, identifier } from '../http/strictInput.js';
import type { AnalyticsBatchBody } from './contract.js';
import { CONTEXT_FIELDS } from './contract.js';

/**
 * JSON schema of `POST /a/api/analytics/events`. Fastify validates before the handler runs:
 * strings within limits, identifiers (path, context, category, action, param names) free of
 * control characters and unpaired surrogates, numbers as numbers within documented ranges, times
 * within sane years; unknown fields are dropped (`additionalProperties: false` with Fastify's
 * removeAdditional), not refused. Reserved key names are refused before (http/strictInput.ts).
 */
const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

const hit = {
  type: 'object',
  required: ['type', 'path', 'timestamp'],
  additionalProperties: false,
  properties: {
    // Optional for pages older than hit ids, whose hits are stored without deduplication.
    id: { type: 'string', pattern: CLIENT_ID_PATTERN },
    type: { type: 'string', enum: ['pageview', 'event'] },
    path: { type: 'string', pattern: PATH_PATTERN, maxLength: 1024 },
    // Epoch ms between 2000 and 2100: a negative or absurd time is a broken clock or a forgery.
    timestamp: { type: 'integer', ...EPOCH_MS_RANGE },
    ...Object.fromEntries(CONTEXT_FIELDS.map((field) => [field, identifier(256)])),
    category: identifier(256, 1),
    action: identifier(256, 1),
    label: text(512),
    value: { type: 'number', minimum: -1e12, maximum: 1e12 },
    params: {
      type: 'object',
      maxProperties: 20,
      propertyNames: identifier(64, 1),
      additionalProperties: {
        anyOf: [text(512), { type: 'number', minimum: -MAX_FREE_NUMBER, maximum: MAX_FREE_NUMBER }, { type: 'boolean' }],
      },
    },
    nonInteraction: { type: 'boolean' },
  },
  // An event is nothing without what happened.
  if: { properties: { type: { const: 'event' } } },
  then: { required: ['category', 'action'] },
} as const;

/**
 * `POST /a/api/analytics/events` body: up to 100 hits and the page's drop report. `events` may
 * be empty only beside `dropped`; the route refuses a body with neither.
 */
export const analyticsBatchSchema = {
  type: 'object',
  required: ['events'],
  additionalProperties: false,
  properties: {
    events: { type: 'array', minItems: 0, maxItems: 100, items: hit },
    dropped: droppedSchema,
  },
} as const satisfies FieldsOf<AnalyticsBatchBody>;
