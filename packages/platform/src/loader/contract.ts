/**
 * The body of `POST /a/api/dynamic/import` (docs/loader.md): the component asked for, any extra
 * options of the caller (locale …), and what the page already has so the server can leave it out.
 */
export interface DynamicImportRequest {
  componentPath: string;
  loadedComponents: string[];
  mappings: Record<string, string>;
  r9version: string;
  [option: string]: unknown;
}

/** The server's answer, and the shape of a preloaded entry delivered with the page. */
export interface DynamicImportReply {
  scripts: string[];
  styles: string[];
  stringMap: Record<string, string>;
  imageMap: Record<string, string>;
  propertyMap: Record<string, unknown>;
  resourceMap: Record<string, unknown>;
  /** Component path → the script URL that defines it, for every component this reply covers. */
  mappings: Record<string, string>;
  /** False when the page's r9version is not the build the server runs: the page is stale. */
  live: boolean;
}

/** What the loader reports through; the platform logger fits. */
export interface LoaderLogger {
  error(message: unknown, ...extra: unknown[]): void;
  warn(message: unknown, ...extra: unknown[]): void;
}
