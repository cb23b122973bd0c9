import { droppedSchema } from '../drops/schemas.js';
import type { FieldsOf } from '../http/fieldsOf.js';
import type { AnalyticsBatch } from './contract.js';
import { CONTEXT_FIELDS } from './contract.js';

/**
 * JSON schema of `POST /a/api/analytics/events`. Fastify validates before the handler runs:
 * strings within limits, numbers as numbers, times within sane years; unknown fields are dropped
 * (`additionalProperties: false` with Fastify's removeAdditional), not refused.
 */
const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

const hit = {
  type: 'object',
  required: ['type', 'path', 'timestamp'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['pageview', 'event'] },
    path: { type: 'string', pattern: '^/vs/', maxLength: 1024 },
    // Epoch ms between 2000 and 2100: a negative or absurd time is a broken clock or a forgery.
    timestamp: { type: 'integer', minimum: 946_684_800_000, maximum: 4_102_444_800_000 },
    ...Object.fromEntries(CONTEXT_FIELDS.map((field) => [field, text(256)])),
    category: text(256, 1),
    action: text(256, 1),
    label: text(512),
    value: { type: 'number', minimum: -1e12, maximum: 1e12 },
    params: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { maxLength: 64 },
      additionalProperties: { anyOf: [text(512), { type: 'number' }, { type: 'boolean' }] },
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
} as const satisfies FieldsOf<AnalyticsBatch>;
