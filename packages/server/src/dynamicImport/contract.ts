/**
 * The dynamic-import contract as the server sees it (docs/loader.md). Kept beside the server
 * code rather than imported from the platform, whose build targets browsers.
 */
export interface DynamicImportBody {
  componentPath: string;
  loadedComponents?: string[];
  mappings?: Record<string, string>;
  r9version?: string;
  locale?: string;
  [option: string]: unknown;
}

/** The reply: what the page must add to show the component. */
export interface DynamicImportReply {
  scripts: string[];
  styles: string[];
  stringMap: Record<string, string>;
  imageMap: Record<string, string>;
  propertyMap: Record<string, unknown>;
  resourceMap: Record<string, unknown>;
  mappings: Record<string, string>;
  live: boolean;
}

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

/** JSON schema of the request body: shapes and sizes checked before the handler runs. */
export const dynamicImportBodySchema = {
  type: 'object',
  required: ['componentPath'],
  properties: {
    componentPath: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_./-]+$' },
    loadedComponents: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 200 } },
    mappings: { type: 'object', maxProperties: 500, additionalProperties: { type: 'string', maxLength: 500 } },
    r9version: { type: 'string', maxLength: 100 },
    locale: { type: 'string', maxLength: 35 },
  },
} as const;
