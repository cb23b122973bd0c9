/**
 * How a stack frame's file finds its source map. A map is kept under the URL of the minified file
 * it belongs to: an absolute URL (`https://cdn.example/static/app-1a2b.js`) matches that file on
 * that origin only, `~/static/app-1a2b.js` matches the path on any origin (the site served from
 * several hosts, or tests on random ports). Query strings and fragments never take part.
 */

/** What an artifact URL may be (checked at the edge). */
export const ARTIFACT_URL_PATTERN = '^(?:https?://[^\\s]+|~/[^\\s]*)$';

/** The keys to look a frame's file up by, the most specific first. */
export function artifactKeysFor(fileName: string): string[] {
  const bare = fileName.split(/[?#]/)[0] ?? '';
  if (/^https?:\/\//.test(bare)) {
    try {
      const url = new URL(bare);
      return [`${url.origin}${url.pathname}`, `~${url.pathname}`];
    } catch {
      return [];
    }
  }
  return bare.startsWith('/') ? [`~${bare}`] : [];
}

/** An absolute URL without query and fragment, or the `~/path` form as given. */
export function normalizeArtifactUrl(url: string): string {
  return url.split(/[?#]/)[0] ?? url;
}
