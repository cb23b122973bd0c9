import { createHash } from 'node:crypto';

/** Which front end a document belongs to: the public site or the operations console. */
export type DocumentKind = 'site' | 'console';

// Inline <script> (no src attribute) and <style> elements and their exact text, which is what a
// CSP hash covers. Our HTML is Vite's output: no nested markup inside these elements.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const hashesOf = (html: string, pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => sha256(m[1] ?? '')))];

/**
 * The Content-Security-Policy of one of our HTML documents. Inline code is allowed only by the
 * hash of the exact text this document carries (the CMP stub the TCF wants first in <head>), so
 * `'unsafe-inline'` is never needed and injected markup never runs. Everything else comes from
 * our own origin; images also from data: URLs (favicons, catalogue icons). The console may not be
 * framed at all; the site only by itself.
 */
export function documentCsp(html: string, kind: DocumentKind, https: boolean): string {
  const scripts = hashesOf(html, INLINE_SCRIPT);
  const styles = hashesOf(html, INLINE_STYLE);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scripts],
    ['script-src-attr', "'none'"],
    ['style-src', "'self'", ...styles],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', kind === 'console' ? "'none'" : "'self'"],
  ];
  // Upgrading plain-http subresources only makes sense where the site is really on HTTPS.
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * `documentCsp` remembered per document text: pages are re-read per request (so a rebuild shows
 * without a restart) but hashing the same few kilobytes on every page view is wasted work.
 */
export function createDocumentCspCache(https: boolean, maxEntries = 16) {
  const cache = new Map<string, string>();
  return (html: string, kind: DocumentKind): string => {
    const key = `${kind}\u0000${html}`;
    let policy = cache.get(key);
    if (policy === undefined) {
      policy = documentCsp(html, kind, https);
      if (cache.size >= maxEntries) cache.clear(); // only stale builds pile up here
      cache.set(key, policy);
    }
    return policy;
  };
}

/** The cache's lookup, as htmlPages and the static-file hook use it. */
export type DocumentCspFor = ReturnType<typeof createDocumentCspCache>;
