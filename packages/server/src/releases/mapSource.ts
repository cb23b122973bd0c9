import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactKeysFor } from './artifactUrl.js';
import type { SourceMapStorage } from './ports.js';
import type { LoadedMap } from './mapCache.js';
import { createMapCache, loadMap } from './mapCache.js';

/** A build this server hosts: files under `urlPath` are in `dir`, their maps beside them. */
export interface HostedBuild {
  urlPath: string;
  dir: string;
}

/** Finds the source map of a stack frame's file. */
export interface MapSource {
  find(release: string | null, fileName: string): Promise<LoadedMap | null>;
  /** Drops what is remembered about a release's maps (new ones arrived). */
  forget(release: string): void;
}

/** How long a lookup's answer (found or not) is trusted before the store is asked again. */
const LOOKUP_TTL_MS = 60_000;
// Only Vite's content-hashed file names: the same name is the same build, whatever the release.
const HASHED_FILE = /^[A-Za-z0-9_-]+-[A-Za-z0-9_-]{6,}\.m?js$/;

/**
 * A release's uploaded maps first; then, for files of the builds this server hosts (the demo and
 * the console, built with hidden maps beside their files), the map on disk. Answers are
 * remembered per release and file for a minute, parsed maps while they fit the cache.
 */
export function createMapSource(storage: Pick<SourceMapStorage, 'findArtifact'>, builds: HostedBuild[]): MapSource {
  const maps = createMapCache();
  const lookups = new Map<string, { identity: string | null; at: number }>();

  async function uploaded(release: string, keys: string[]): Promise<string | null> {
    const artifact = await storage.findArtifact(release, keys);
    if (!artifact) return null;
    const identity = `upload\n${release}\n${artifact.url}\n${artifact.uploadedAt}`;
    if (!maps.get(identity)) maps.set(identity, loadMap(artifact.map), artifact.map.length);
    return identity;
  }

  async function hosted(keys: string[]): Promise<string | null> {
    for (const build of builds) {
      const key = keys.find((k) => k.startsWith(`~${build.urlPath}`));
      const name = key?.slice(build.urlPath.length + 1);
      if (!name || !HASHED_FILE.test(name)) continue;
      const path = join(build.dir, `${name}.map`);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      const identity = `file\n${path}\n${info.mtimeMs}`;
      if (!maps.get(identity)) {
        const json = await readFile(path, 'utf8');
        maps.set(identity, loadMap(json), json.length);
      }
      return identity;
    }
    return null;
  }

  return {
    async find(release, fileName) {
      // Keyed by the frame's file as sent: a repeat (every frame of every message) costs one Map read.
      const lookupKey = `${release ?? ''}\n${fileName}`;
      const known = lookups.get(lookupKey);
      let identity = known && Date.now() - known.at < LOOKUP_TTL_MS ? known.identity : undefined;
      if (identity === undefined || (identity !== null && !maps.get(identity))) {
        const keys = artifactKeysFor(fileName);
        try {
          const found = keys.length > 0 && release !== null ? await uploaded(release, keys) : null;
          identity = found ?? (keys.length > 0 ? await hosted(keys) : null);
        } catch {
          identity = null; // an unreadable map resolves nothing rather than failing the request
        }
        if (lookups.size >= 10_000) lookups.clear(); // bounded: a flood of distinct URLs must not grow it
        lookups.set(lookupKey, { identity, at: Date.now() });
      }
      return identity === null ? null : (maps.get(identity) ?? null);
    },
    forget(release) {
      for (const key of lookups.keys()) if (key.startsWith(`${release}\n`)) lookups.delete(key);
    },
  };
}

/** The demo site at `/` and the console at `/console/`, as registerSite hosts them. */
export function hostedBuilds(siteDir: string, consoleDir: string): HostedBuild[] {
  return [
    { urlPath: '/assets/', dir: join(siteDir, 'assets') },
    { urlPath: '/console/assets/', dir: join(consoleDir, 'assets') },
  ];
}
