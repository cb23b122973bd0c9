import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ComponentCatalog, ViteManifest } from './contract.js';

/** The two files of a built site the dynamic-import endpoint needs. */
export interface SiteBuild {
  manifest: ViteManifest;
  catalog: ComponentCatalog;
}

/** Where they are inside the site's build folder. */
export const MANIFEST_FILE = join('.vite', 'manifest.json');
export const CATALOG_FILE = 'dynamic-components.json';

/**
 * Reads the build's manifest and component catalogue, again only when the manifest changed, so
 * a rebuild is picked up without a restart and an unchanged build costs one stat per request.
 * Null when the site was built without a manifest.
 */
export function createBuildReader(siteDir: string): () => Promise<SiteBuild | null> {
  let cached: { mtimeMs: number; build: SiteBuild } | undefined;
  return async () => {
    const manifestPath = join(siteDir, MANIFEST_FILE);
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(manifestPath)).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const [manifest, catalog] = await Promise.all([
        readFile(manifestPath, 'utf8').then((text) => JSON.parse(text) as ViteManifest),
        readFile(join(siteDir, CATALOG_FILE), 'utf8').then(
          (text) => JSON.parse(text) as ComponentCatalog,
          () => ({ defaultLocale: 'en', components: {} }),
        ),
      ]);
      cached = { mtimeMs, build: { manifest, catalog } };
    }
    return cached.build;
  };
}
