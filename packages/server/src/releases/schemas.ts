import { ARTIFACT_URL_PATTERN } from './artifactUrl.js';
import { RELEASE_PATTERN } from '../logs/releaseContract.js';

/** `:release` of the release routes. */
export const releaseParams = {
  type: 'object',
  required: ['release'],
  properties: { release: { type: 'string', pattern: RELEASE_PATTERN } },
} as const;

export const releaseListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'string', pattern: '^(500|[1-4][0-9]{2}|[1-9][0-9]?)$' } },
} as const;

const nullableText = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

/**
 * A source map (revision 3, not the sectioned "index map" form). Only the fields below are kept;
 * whether the mappings really decode is checked by parsing the map (see releaseRoutes.ts).
 */
const sourceMap = {
  type: 'object',
  required: ['version', 'sources', 'mappings'],
  properties: {
    version: { type: 'integer', enum: [3] },
    file: { type: 'string', maxLength: 1000 },
    sourceRoot: { type: 'string', maxLength: 1000 },
    sources: { type: 'array', minItems: 1, maxItems: 100_000, items: nullableText },
    sourcesContent: { type: 'array', maxItems: 100_000, items: nullableText },
    names: { type: 'array', maxItems: 1_000_000, items: { type: 'string' } },
    mappings: { type: 'string', pattern: '^[A-Za-z0-9+/,;]*$' },
    ignoreList: { type: 'array', maxItems: 100_000, items: { type: 'integer', minimum: 0 } },
  },
} as const;

/** `POST /console/api/releases/:release/artifacts`. */
export const artifactUploadSchema = {
  type: 'object',
  required: ['artifacts'],
  additionalProperties: false,
  properties: {
    artifacts: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['url', 'sourceMap'],
        additionalProperties: false,
        properties: {
          url: { type: 'string', maxLength: 1000, pattern: ARTIFACT_URL_PATTERN },
          sourceMap,
        },
      },
    },
  },
} as const;

/** The body as validated. */
export interface ArtifactUpload {
  artifacts: { url: string; sourceMap: Record<string, unknown> & { sources: unknown[]; sourcesContent?: unknown[] } }[];
}
