/**
 * JSON schemas of the client-log contract. Fastify validates every request against them before a
 * handler runs, so handlers only ever see bodies within the documented limits. Unknown fields are
 * dropped (`additionalProperties: false` with Fastify's removeAdditional) rather than refused, so
 * a newer client still gets through to an older server.
 */

import { droppedSchema } from '../drops/schemas.js';
import type { FieldsOf } from '../http/fieldsOf.js';
import type { ClientLogBatch, ClientLogMessage, ClientLogReply, StackFrame } from './contract.js';

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

const stackFrame = {
  type: 'object',
  required: ['fileName', 'lineNo', 'colNo'],
  additionalProperties: false,
  properties: {
    functionName: text(1000),
    fileName: text(1000),
    lineNo: { type: 'integer', minimum: 0 },
    colNo: { type: 'integer', minimum: 0 },
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
    id: text(64, 1),
    groupId: text(64, 1),
    message: text(1000),
    contentId: { type: 'integer', minimum: 0 },
    extraArgs: { type: 'array', maxItems: 20, items: text(1000) },
    level: { type: 'integer', enum: [1, 2, 3, 4] },
    type: text(32, 1),
    context: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { anyOf: [text(1000), { type: 'number' }, { type: 'boolean' }] },
    },
    occurrences: { type: 'integer', minimum: 1 },
    timestamp: { type: 'number', minimum: 0 },
    stackTrace: { type: 'array', maxItems: 50, items: text(1000) },
    parsedStackTrace: { type: 'array', maxItems: 50, items: stackFrame },
    fileName: text(1000),
    lineNo: { type: 'integer', minimum: 0 },
    colNo: { type: 'integer', minimum: 0 },
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
    reqNo: { type: 'integer', minimum: 1 },
    messages: { type: 'array', minItems: 0, maxItems: 100, items: message },
    dropped: droppedSchema,
  },
} as const satisfies FieldsOf<ClientLogBatch>;

/** `ClientLogReply`: the ingest reply and the console's settings body. */
export const clientLogReplySchema = {
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
} as const satisfies FieldsOf<ClientLogReply>;
