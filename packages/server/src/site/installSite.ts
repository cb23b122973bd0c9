import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sep } from 'node:path';
import type { HtmlPagesOptions } from './htmlPages.js';
import { createHtmlPages } from './htmlPages.js';
import { sendNotFound } from '../http/errorHandler.js';

// Paths that are endpoints, never pages: an unknown one is a JSON 404, not the SPA.
const API_PATH = /^\/(?:log\/|console\/api(?:\/|$)|[^/]+\/api\/)|\/s\/run\//;

// Vite names files under assets/ by content hash, so they can be cached for good.
function cacheHeaders(reply: FastifyReply, path: string): void {
  const immutable = path.includes(`${sep}assets${sep}`);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Hosts the built demo site at `/` and the console at `/console/`: static files, index.html with
 * the session's form token, and the SPA fallback (unknown page paths asked for as HTML get the
 * app's index.html so client-side routes survive a reload). Call on the root instance: it sets
 * the app-wide not-found handler.
 */
export async function installSite(app: FastifyInstance, options: HtmlPagesOptions): Promise<void> {
  const pages = createHtmlPages(options);
  // index.html only ever goes out through the renderer (it needs the token and no-store).
  const notIndex = (path: string) => path !== '/index.html';
  const common = { index: false as const, cacheControl: false, setHeaders: cacheHeaders, suppressWarning: true };

  await app.register(fastifyStatic, { ...common, root: options.siteDir, prefix: '/', allowedPath: notIndex });
  await app.register(fastifyStatic, {
    ...common,
    root: options.consoleDir,
    prefix: '/console/',
    decorateReply: false,
    allowedPath: (path) => notIndex(path) && !path.startsWith('/api/'),
  });

  app.get('/', pages.site);
  app.get('/console/', pages.console);
  app.get('/console', (_request, reply) => reply.redirect('/console/', 301));
  app.get('/healthz', async () => ({ ok: true }));

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
