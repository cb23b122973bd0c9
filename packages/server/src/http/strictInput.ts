import type { FastifyRequest } from 'fastify';
import { errorCodes } from './errorCodes.js';
import { httpError } from './httpError.js';

/**
 * Key names no object in a request body may use: the ones that reach an object's prototype
 * (`__proto__`, `constructor`, `prototype`) and every other name Object.prototype carries. Code
 * reading free-form maps (log context, analytics params, signal payloads, component catalogues)
 * would otherwise find a function where it expects data, or nothing where it expects "unknown".
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable',
  'toString', 'toLocaleString', 'valueOf', '__defineGetter__', '__defineSetter__', '__lookupGetter__',
  '__lookupSetter__',
]);

/**
 * The path (`body/messages/0/context/toString`) of the first key in `value` that is a reserved
 * name, or null. Walks breadth first over a list of its own rather than recursing, so a deeply
 * nested body is refused by its content, not by a stack overflow. It runs on every ingest
 * request: each object found keeps only its parent's place and its key, and a path is spelt out
 * for the hit alone; arrays are walked by index (their elements are never reserved keys).
 */
export function findReservedKey(value: unknown, root = 'body'): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const objects: object[] = [value];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [root];
  const pathOf = (at: number): string => {
    const parts: (string | number)[] = [];
    for (let i = at; i >= 0; i = parents[i] as number) parts.push(keys[i] as string | number);
    return parts.reverse().join('/');
  };
  const visit = (child: unknown, parent: number, key: string | number) => {
    if (typeof child !== 'object' || child === null) return;
    objects.push(child);
    parents.push(parent);
    keys.push(key);
  };
  for (let at = 0; at < objects.length; at++) {
    const item = objects[at] as Record<string, unknown>;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) visit(item[i], at, i);
      continue;
    }
    for (const key of Object.keys(item)) {
      if (RESERVED_KEYS.has(key)) return `${pathOf(at)}/${key}`;
      visit(item[key], at, key);
    }
  }
  return null;
}

/**
 * A `preValidation` hook for ingest routes: a body using a reserved key name anywhere is a 400
 * naming it. Runs before the schema, so the rule holds for free-form maps and fixed shapes alike
 * (a fixed shape would otherwise silently drop the key as unknown).
 */
export async function rejectReservedKeys(request: FastifyRequest): Promise<void> {
  const at = findReservedKey(request.body);
  if (at !== null) throw httpError(errorCodes.BAD_BODY, `${at} is a reserved name`);
}

/**
 * One character of an identifier field (ids, types, paths, dimensions), and the JSON-schema
 * pattern of a whole one: no C0 control character, no DEL, no unpaired UTF-16 surrogate.
 * Fastify's Ajv compiles patterns with the `u` flag, so a well-formed pair is one code point
 * outside the surrogate range and passes.
 */
export const IDENTIFIER_CHAR = '[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]';
export const IDENTIFIER_PATTERN = `^${IDENTIFIER_CHAR}*$`;
/** An analytics virtual path: `/vs/…`, an identifier otherwise. */
export const PATH_PATTERN = `^/vs/${IDENTIFIER_CHAR}*$`;

const IDENTIFIER = new RegExp(IDENTIFIER_PATTERN, 'u');

/** The same rule for hand-written parsers (form bodies, decrypted payloads). */
export const isIdentifierText = (text: string): boolean => IDENTIFIER.test(text);

/** Schema of an identifier string of `minLength`..`maxLength` UTF-16 units. */
export const identifier = (maxLength: number, minLength = 0) =>
  ({ type: 'string', minLength, maxLength, pattern: IDENTIFIER_PATTERN }) as const;

/**
 * Client-made item ids (log messages, analytics hits, perf reports, drop reports): what the
 * platform's `newId()` makes (base-36) and any other client's UUIDs or ULIDs fit.
 */
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9._:-]{1,64}$';

/** Largest magnitude of free-form numbers (log context, analytics params): exact integers only. */
export const MAX_FREE_NUMBER = Number.MAX_SAFE_INTEGER;

/** Epoch ms between 2000-01-01 and 2100-01-01: outside it, a client clock is broken or forged. */
export const EPOCH_MS_RANGE = { minimum: 946_684_800_000, maximum: 4_102_444_800_000 } as const;

// A high surrogate without a low one after it, or a low one without a high one before it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Free text as stored: unpaired surrogates (the logger's cut at 1000 UTF-16 units can split a
 * pair) become U+FFFD, one each, rather than whatever the UTF-8 conversion makes of them (three
 * replacement characters in SQLite). NUL and other characters are kept.
 */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\ufffd');
