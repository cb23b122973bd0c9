/**
 * JSON schemas of the client-log contract. Fastify validates every request against them before a
 * handler runs, so handlers only ever see bodies within the documented limits: identifiers (ids,
 * groupId, type, context keys) free of control characters and unpaired surrogates, every number
 * in a documented range. Free text (message, stack lines, extraArgs, context values) may hold any
 * character: the logger's 1000-character cut can split a surrogate pair. Unknown fields are
 * dropped (`additionalProperties: false` with Fastify's removeAdditional) rather than refused, so
 * a newer client still gets through to an older server; reserved key names are refused
 * (http/strictInput.ts).
 */

import { droppedSchema } from '../drops/schemas.js';
import type { FieldsOf } from '../http/fieldsOf.js';
import { CLIENT_ID_PATTERN, EPOCH_MS_RANGE, MAX_FREE_NUMBER, identifier } from '../http/strictInput.js';
import type { ClientLogBatch, ClientLogMessage, LogRules, StackFrame } from './contract.js';

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
// A line or column in a script: minified bundles have long lines, none a billion characters long.
const position = { type: 'integer', minimum: 0, maximum: 1e9 } as const;

const stackFrame = {
  type: 'object',
  required: ['fileName', 'lineNo', 'colNo'],
  additionalProperties: false,
  properties: {
    functionName: text(1000),
    fileName: text(1000),
    lineNo: position,
    colNo: position,
  },
} as const satisfies FieldsOf<StackFrame>;

const message = {
  type: 'object',
  required: [
    'id', 'groupId', 'message', 'contentId', 'extraArgs', 'level', 'type', 'context',
    'occurrences', 'timestamp', 'stackTrace', 'parsedStackTrace',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: CLIENT_ID_PATTERN },
    groupId: identifier(64, 1),
    message: text(1000),
    contentId: { type: 'integer', minimum: 0, maximum: 1e6 },
    extraArgs: { type: 'array', maxItems: 20, items: text(1000) },
    level: { type: 'integer', enum: [1, 2, 3, 4] },
    type: identifier(32, 1),
    context: {
      type: 'object',
      maxProperties: 20,
      propertyNames: identifier(64),
      additionalProperties: { anyOf: [text(1000), { type: 'number', minimum: -MAX_FREE_NUMBER, maximum: MAX_FREE_NUMBER }, { type: 'boolean' }] },
    },
    // Identical messages folded within one flush (or while the server was away): a billion is
    // beyond any page, and keeps the console's sums exact integers.
    occurrences: { type: 'integer', minimum: 1, maximum: 1e9 },
    timestamp: { type: 'integer', ...EPOCH_MS_RANGE },
    stackTrace: { type: 'array', maxItems: 50, items: text(1000) },
    parsedStackTrace: { type: 'array', maxItems: 50, items: stackFrame },
    fileName: text(1000),
    lineNo: position,
    colNo: position,
  },
} as const satisfies FieldsOf<ClientLogMessage>;

/**
 * `POST /log/client/messages` body. `messages` may be empty only when `dropped` is present; the
 * route refuses a body with neither (see drops/ingestDrops.ts), which a schema could say only
 * through an anyOf whose error would not name the problem.
 */
export const clientLogBatchSchema = {
  type: 'object',
  required: ['product', 'reqNo', 'messages'],
  additionalProperties: false,
  properties: {
    product: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
    reqNo: { type: 'integer', minimum: 1, maximum: 1e9 },
    messages: { type: 'array', minItems: 0, maxItems: 100, items: message },
    dropped: droppedSchema,
  },
} as const satisfies FieldsOf<ClientLogBatch>;

/** `LogRules`: the ingest reply and the console's settings body. */
export const logRulesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    message: text(1000),
    ignore: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          message: text(1000),
          fileName: text(1000),
          level: { type: 'integer', minimum: 1, maximum: 5 },
        },
      },
    },
    platformIgnores: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['userAgent'],
        additionalProperties: false,
        properties: { userAgent: text(1000, 1), message: text(1000) },
      },
    },
    stopLogging: { type: 'boolean' },
  },
} as const satisfies FieldsOf<LogRules>;
