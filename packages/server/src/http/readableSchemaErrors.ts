import type { FastifySchemaValidationError } from 'fastify';
import { CLIENT_ID_PATTERN, IDENTIFIER_PATTERN, PATH_PATTERN } from './strictInput.js';

// What a pattern of http/strictInput.ts means, said in words instead of as the regex itself.
const PATTERN_MEANINGS: Record<string, string> = {
  [IDENTIFIER_PATTERN]: 'must not contain control characters or unpaired surrogates',
  [CLIENT_ID_PATTERN]: 'must be 1..64 characters of A-Z a-z 0-9 . _ : -',
  [PATH_PATTERN]: 'must start with /vs/ and contain no control characters or unpaired surrogates',
};

/**
 * A route's `schemaErrorFormatter`: Fastify's own text (`body/events/0/path must …`, errors joined
 * by ", "), except that the identifier and id patterns are named by what they mean, and a bad key
 * of a free-form map is named (`body/…/context key "a\u0001" must not …`) instead of Ajv's
 * "property name must be valid", which does not say which.
 */
export function readableSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const parts: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'propertyNames') continue; // the error about the key itself comes with it
    const pattern = error.keyword === 'pattern' ? String(error.params.pattern) : undefined;
    const message = (pattern !== undefined && PATTERN_MEANINGS[pattern]) || error.message || 'is not valid';
    // Ajv names the offending key of a propertyNames failure beside the error, not in its params.
    const key = (error as { propertyName?: string }).propertyName;
    const where = `${dataVar}${error.instancePath}${key === undefined ? '' : ` key ${JSON.stringify(key)}`}`;
    parts.push(`${where} ${message}`);
  }
  return new Error(parts.join(', ') || `${dataVar} is not valid`);
}
