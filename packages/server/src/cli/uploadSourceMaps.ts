import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** What one upload run needs. */
export interface UploadOptions {
  /** The build folder to walk for `*.js.map` files. */
  dir: string;
  release: string;
  /** What the built files' URLs start with: `~/assets/` (any origin) or `https://cdn.example/app/`. */
  urlPrefix: string;
  /** The Tarmac server, e.g. `http://localhost:8080`. */
  server: string;
  token: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** One map found in the build, with the URL of the file it belongs to. */
export interface FoundMap {
  path: string;
  url: string;
}

const MAP_FILE = /\.(?:m|c)?js\.map$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Checks the prefix and gives it its final slash. */
export function normalizePrefix(prefix: string): string {
  if (!/^(?:~\/|https?:\/\/)/.test(prefix)) {
    throw new Error(`--url-prefix must start with ~/ (any origin) or http(s)://, not "${prefix}"`);
  }
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

/** Every script map under `dir`, each under the URL its script is served at. */
export async function findMaps(dir: string, urlPrefix: string): Promise<FoundMap[]> {
  const prefix = normalizePrefix(urlPrefix);
  const found: FoundMap[] = [];
  for await (const path of walk(dir)) {
    if (!MAP_FILE.test(path)) continue;
    const script = relative(dir, path).slice(0, -'.map'.length).split(sep).join('/');
    found.push({ path, url: prefix + script });
  }
  return found.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * Uploads each map of a build to `POST /console/api/releases/{release}/artifacts`, one request
 * per map so that a large bundle's map fits the endpoint's limit alone. Stops at the first
 * refusal with the server's reason. Returns how many maps were uploaded.
 */
export async function uploadSourceMaps(options: UploadOptions): Promise<number> {
  const { fetch: doFetch = fetch, log = console.log } = options;
  const maps = await findMaps(options.dir, options.urlPrefix);
  if (maps.length === 0) throw new Error(`no *.js.map files under ${options.dir}`);
  const endpoint = `${options.server.replace(/\/+$/, '')}/console/api/releases/${encodeURIComponent(options.release)}/artifacts`;
  for (const map of maps) {
    const sourceMap: unknown = JSON.parse(await readFile(map.path, 'utf8'));
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body: JSON.stringify({ artifacts: [{ url: map.url, sourceMap }] }),
    });
    const reply = (await response.json().catch(() => ({}))) as { reason?: string; resolvedStacks?: number };
    if (!response.ok) throw new Error(`${map.url}: ${response.status} ${reply.reason ?? response.statusText}`);
    log(`✓ ${map.url} (${reply.resolvedStacks ?? 0} stored stacks of ${options.release} resolved again)`);
  }
  return maps.length;
}
