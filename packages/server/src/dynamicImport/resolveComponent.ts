import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { ComponentCatalog, DynamicImportBody, DynamicImportReply, ManifestChunk, ViteManifest } from './contract.js';

/** What the reply is built from besides the request. */
export interface ResolveContext {
  manifest: ViteManifest;
  catalog: ComponentCatalog;
  /** The build the server runs, compared with the page's r9version for `live`. */
  version: string;
  /** Locale when the body names none (e.g. from Accept-Language). */
  fallbackLocale?: string;
  /** URL prefix of built files; the site is served at `/`. */
  base?: string;
  /** Manifest keys of the HTML page that loads components; default `index.html`. */
  pageEntries?: string[];
}

// Own entries only: a request naming `__proto__`, `constructor` or `hasOwnProperty` must find
// nothing, never what every object inherits.
const own = <T>(map: Record<string, T>, key: string): T | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

// Chunk keys reachable from `start` through static imports, dependencies before dependants.
function walk(manifest: ViteManifest, start: string, into: string[] = [], seen = new Set<string>()): string[] {
  if (seen.has(start)) return into;
  seen.add(start);
  for (const dependency of own(manifest, start)?.imports ?? []) walk(manifest, dependency, into, seen);
  into.push(start);
  return into;
}

const chunk = (manifest: ViteManifest, key: string): ManifestChunk => {
  const found = own(manifest, key);
  if (!found) throw httpError(errorCodes.NO_BUILD, `The build manifest has no ${key}; run the build`);
  return found;
};

/**
 * Answers a dynamic-import request from the build: the component's chunks and styles minus what
 * the page already has (the HTML entry's chunks, components it has loaded, scripts it names in
 * `mappings`), its strings in the request's locale, and its image, property and resource maps.
 */
export function resolveComponent(body: DynamicImportBody, context: ResolveContext): DynamicImportReply {
  const { manifest, catalog } = context;
  const base = context.base ?? '/';
  const component = own(catalog.components, body.componentPath);
  if (!component) throw httpError(errorCodes.UNKNOWN_COMPONENT, `No dynamic component "${body.componentPath}"`);
  chunk(manifest, component.entry);

  const present = new Set<string>();
  // Other HTML pages of the build (fixtures) load other chunks, so only the site's page counts.
  const pageEntries = (context.pageEntries ?? ['index.html']).filter((key) => own(manifest, key));
  const loadedEntries = (body.loadedComponents ?? []).flatMap((path) => own(catalog.components, path)?.entry ?? []);
  for (const key of [...pageEntries, ...loadedEntries]) walk(manifest, key, [], present);
  const known = new Set(Object.values(body.mappings ?? {}));

  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of walk(manifest, component.entry)) {
    const url = base + chunk(manifest, key).file;
    if (present.has(key) || known.has(url)) continue;
    scripts.push(url);
    for (const css of own(manifest, key)?.css ?? []) if (!styles.includes(base + css)) styles.push(base + css);
  }

  const locale = [body.locale, context.fallbackLocale].find((l) => l && own(component.strings, l)) ?? catalog.defaultLocale;
  return {
    scripts,
    styles,
    stringMap: own(component.strings, locale) ?? {},
    imageMap: component.images ?? {},
    propertyMap: component.properties ?? {},
    resourceMap: component.resources ?? {},
    mappings: { [body.componentPath]: base + chunk(manifest, component.entry).file },
    live: body.r9version === context.version,
  };
}
