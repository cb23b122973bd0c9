import type { DynamicImportReply } from './contract.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const allStrings = (values: unknown[]) => values.every((value) => typeof value === 'string');

// What each field must hold when present, as the error names it; absent fields are allowed
// (preloaded entries are partial, and a reply with nothing to add may leave lists out).
const FIELDS: [keyof DynamicImportReply, string, (value: unknown) => boolean][] = [
  ['scripts', 'an array of strings', (value) => Array.isArray(value) && allStrings(value)],
  ['styles', 'an array of strings', (value) => Array.isArray(value) && allStrings(value)],
  ['stringMap', 'an object of strings', (value) => isRecord(value) && allStrings(Object.values(value))],
  ['imageMap', 'an object of strings', (value) => isRecord(value) && allStrings(Object.values(value))],
  ['propertyMap', 'an object', isRecord],
  ['resourceMap', 'an object', isRecord],
  ['mappings', 'an object of strings', (value) => isRecord(value) && allStrings(Object.values(value))],
  ['live', 'a boolean', (value) => typeof value === 'boolean'],
];

/**
 * Checks a dynamic-import reply (or preloaded entry) before anything of it is used, so a wrong
 * shape from a misconfigured server or caller rejects the load with a message naming the field,
 * instead of a TypeError from deep inside the loader or a half-merged page state.
 */
export function checkReply(componentPath: string, reply: unknown): Partial<DynamicImportReply> {
  const fail = (problem: string): never => {
    throw new Error(`Dynamic import reply for "${componentPath}"${problem}`);
  };
  if (!isRecord(reply)) return fail(reply === undefined ? ' is not JSON' : ' is not an object');
  for (const [field, shape, fits] of FIELDS) {
    if (reply[field] !== undefined && !fits(reply[field])) fail(`: ${field} must be ${shape}`);
  }
  return reply;
}
