/**
 * The dynamic-import contract as the server sees it (docs/loader.md). The wire shapes are the
 * platform loader's; the server only widens the request to what its schema actually guarantees.
 */
import type { DynamicImportRequest } from '@tarmac/platform/loader';
import { identifier } from '../http/strictInput.js';

export type { DynamicImportReply } from '@tarmac/platform/loader';

/**
 * The request body after schema validation: only `componentPath` is guaranteed (older or foreign
 * callers may leave the rest out), plus the `locale` option the demo's loader passes.
 */
export type DynamicImportBody = Partial<DynamicImportRequest> &
  Pick<DynamicImportRequest, 'componentPath'> & { locale?: string };

/** One chunk of Vite's build manifest (`.vite/manifest.json`), the fields used here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Vite's manifest: source path (or `_chunk` name) → chunk. */
export type ViteManifest = Record<string, ManifestChunk>;

/** A dynamic component as the site's build declares it (`dynamic-components.json`). */
export interface ComponentEntry {
  /** Manifest key of the component's entry module, e.g. `src/dynamic/deals/index.tsx`. */
  entry: string;
  /** Locale → string id → ICU message. */
  strings: Record<string, Record<string, string>>;
  images?: Record<string, string>;
  properties?: Record<string, unknown>;
  resources?: Record<string, unknown>;
}

/** The site's catalogue of dynamic components, written by the demo's build. */
export interface ComponentCatalog {
  defaultLocale: string;
  components: Record<string, ComponentEntry>;
}

/**
 * JSON schema of the request body: shapes and sizes checked before the handler runs; every
 * string an identifier (no control characters or unpaired surrogates; http/strictInput.ts).
 */
export const dynamicImportBodySchema = {
  type: 'object',
  required: ['componentPath'],
  properties: {
    componentPath: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_./-]+$' },
    loadedComponents: { type: 'array', maxItems: 500, items: identifier(200) },
    mappings: { type: 'object', maxProperties: 500, propertyNames: identifier(200), additionalProperties: identifier(500) },
    r9version: identifier(100),
    locale: identifier(35),
  },
} as const;
