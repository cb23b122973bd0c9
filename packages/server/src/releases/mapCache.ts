import { TraceMap, sourceContentFor } from '@jridgewell/trace-mapping';

/** A parsed source map with the lines of its sources, split once on first use. */
export interface LoadedMap {
  map: TraceMap;
  linesOf(source: string): string[] | null;
}

/**
 * Parses a map's JSON text. Throws when it is not a usable source map, so the upload route can
 * refuse it before storing anything.
 */
export function loadMap(json: string): LoadedMap {
  const map = new TraceMap(json);
  const lines = new Map<string, string[] | null>();
  return {
    map,
    linesOf(source) {
      if (!lines.has(source)) lines.set(source, sourceContentFor(map, source)?.split(/\r?\n/) ?? null);
      return lines.get(source) ?? null;
    },
  };
}

/**
 * Parsed maps by identity, least recently used out first once their JSON passes `maxBytes` in
 * all: a site's maps are read for every error of its release, and parsing a large one takes
 * tens of milliseconds.
 */
export function createMapCache(maxBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, { loaded: LoadedMap; bytes: number }>();
  let total = 0;
  return {
    get(key: string): LoadedMap | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key); // re-inserted: Map order is the recency order
      entries.set(key, entry);
      return entry.loaded;
    },
    set(key: string, loaded: LoadedMap, bytes: number): void {
      const old = entries.get(key);
      if (old) total -= old.bytes;
      entries.delete(key);
      entries.set(key, { loaded, bytes });
      total += bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes || entries.size === 1) break;
        entries.delete(oldest);
        total -= entry.bytes;
      }
    },
  };
}
