import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ensureSession, formTokenFor } from './formToken.js';
import { injectMeta } from './injectMeta.js';
import { missingBuildPage } from './missingBuildPage.js';

/** Where the built front ends are and what the site's pages get stamped with. */
export interface HtmlPagesOptions {
  siteDir: string;
  consoleDir: string;
  sessionSecret: string;
  version: string;
}

/** Sends one of the two single-page apps' index.html, or the missing-build page. */
export type HtmlPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * The two HTML entry points. index.html is read per request (a small file) so a rebuild shows up
 * without a restart, and is never cached: it carries a per-session token.
 */
export function createHtmlPages(options: HtmlPagesOptions): { site: HtmlPage; console: HtmlPage } {
  const load = async (dir: string): Promise<string | null> => {
    try {
      return await readFile(join(dir, 'index.html'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  return {
    async site(request, reply) {
      const html = await load(options.siteDir);
      if (html === null) return send(reply, missingBuildPage('demo site', options.siteDir), 503);
      const sid = ensureSession(request, reply);
      return send(
        reply,
        injectMeta(html, {
          'form-token': formTokenFor(options.sessionSecret, sid),
          'r9-version': options.version,
        }),
      );
    },
    async console(_request, reply) {
      const html = await load(options.consoleDir);
      if (html === null) return send(reply, missingBuildPage('console', options.consoleDir), 503);
      return send(reply, html);
    },
  };
}
