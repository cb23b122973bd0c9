import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFileSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { sep } from 'node:path';
import type { DocumentCspFor, DocumentKind } from './documentCsp.js';
import { createDocumentCspCache } from './documentCsp.js';
import type { HtmlPagesOptions } from './htmlPages.js';
import { createHtmlPages } from './htmlPages.js';
import { sendNotFound } from '../http/errorHandler.js';

/** Where the front ends are, and whether browsers reach them over HTTPS. */
export interface SiteOptions extends HtmlPagesOptions {
  /** The site is served over HTTPS (AppOptions.https): page CSPs upgrade insecure requests. */
  https?: boolean;
}

// Paths that are endpoints, never pages: an unknown one is a JSON 404, not the SPA.
const API_PATH = /^\/(?:log\/|console\/api(?:\/|$)|[^/]+\/api\/)|\/s\/run\//;

// The build's compressed copies are alternate encodings of a file, never files of their own.
const COMPRESSED_COPY = /\.(?:br|gz)$/;
// Source maps sit beside the built files for the server's own use (docs/releases.md): they hold
// the original source, so browsers never get them.
const SOURCE_MAP = /\.map$/;

/**
 * Headers of a static file. Vite names files under assets/ by content hash, so they can be
 * cached for good; anything else is revalidated. A static HTML document (the demo's
 * hydration.html) gets its CSP from its own text, as index.html does.
 */
function staticHeaders(kind: DocumentKind, cspFor: DocumentCspFor) {
  return (reply: FastifyReply, path: string, stat: Stats): void => {
    const immutable = path.includes(`${sep}assets${sep}`);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (path.endsWith('.html') && stat.size < 1024 * 1024) {
      reply.header('content-security-policy', cspFor(readFileSync(path, 'utf8'), kind));
    }
  };
}

/**
 * Hosts the built demo site at `/` and the console at `/console/`: static files, index.html with
 * the session's form token, and the SPA fallback (unknown page paths asked for as HTML get the
 * app's index.html so client-side routes survive a reload). Call on the root instance: it sets
 * the app-wide not-found handler.
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const cspFor = createDocumentCspCache(options.https ?? false);
  const pages = createHtmlPages(options, cspFor);
  // index.html only ever goes out through the renderer (it needs the token and its headers).
  const notIndex = (path: string) => path !== '/index.html' && !COMPRESSED_COPY.test(path) && !SOURCE_MAP.test(path);
  // preCompressed: the build writes .br and .gz beside each asset (scripts/lib/compressAssets.mjs);
  // the best one the client accepts goes out, with Vary: Accept-Encoding.
  const common = { index: false as const, cacheControl: false, preCompressed: true, suppressWarning: true };

  await app.register(fastifyStatic, {
    ...common,
    root: options.siteDir,
    prefix: '/',
    allowedPath: notIndex,
    setHeaders: staticHeaders('site', cspFor),
  });
  await app.register(fastifyStatic, {
    ...common,
    setHeaders: staticHeaders('console', cspFor),
    root: options.consoleDir,
    prefix: '/console/',
    decorateReply: false,
    allowedPath: (path) => notIndex(path) && !path.startsWith('/api/'),
  });

  app.get('/', pages.site);
  app.get('/console/', pages.console);
  app.get('/console', (_request, reply) => reply.redirect('/console/', 301));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !API_PATH.test(path);
    if (!wantsPage) return sendNotFound(request, reply);
    return path.startsWith('/console/') ? pages.console(request, reply) : pages.site(request, reply);
  });
}
