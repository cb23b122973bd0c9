import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsentBootstrap } from '../consent/bootstrapContract.js';
import { consentBootstrapBlock } from './consentBootstrapBlock.js';
import type { DocumentCspFor, DocumentKind } from './documentCsp.js';
import { ensureSession, formTokenFor } from './formToken.js';
import { injectMeta } from './injectMeta.js';
import { missingBuildPage } from './missingBuildPage.js';

/** Where the built front ends are and what the site's pages get stamped with. */
export interface HtmlPagesOptions {
  siteDir: string;
  consoleDir: string;
  sessionSecret: string;
  version: string;
  /** The visitor's consent for this request, rendered into the site page (docs/consent.md). */
  consentBootstrap?: (request: FastifyRequest) => Promise<ConsentBootstrap>;
}

/** Sends one of the two single-page apps' index.html, or the missing-build page. */
export type HtmlPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * The two HTML entry points. index.html is read per request (a small file) so a rebuild shows up
 * without a restart. Browsers may keep a page (`private`: it carries the session's form token,
 * which stays valid as long as the session cookie) but must revalidate it before reuse
 * (`no-cache`), and unlike `no-store` this lets the page enter the back/forward cache.
 * Each page's CSP allows exactly the inline code of the file as built (see documentCsp.ts).
 */
export function createHtmlPages(options: HtmlPagesOptions, cspFor: DocumentCspFor): { site: HtmlPage; console: HtmlPage } {
  const load = async (dir: string): Promise<string | null> => {
    try {
      return await readFile(join(dir, 'index.html'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  // A store that cannot answer costs the page its head start, not the page: without the block
  // the CMP asks the consent endpoint, as it would for a page from a cache.
  const bootstrapBlock = async (request: FastifyRequest): Promise<string> => {
    if (!options.consentBootstrap) return '';
    try {
      return consentBootstrapBlock(await options.consentBootstrap(request));
    } catch (error) {
      request.log.warn({ err: error }, 'consent bootstrap left out of the page: the store did not answer');
      return '';
    }
  };

  // The policy is worked out from the file as built, before the per-request meta tags go in.
  const send = (reply: FastifyReply, kind: DocumentKind, built: string, html = built, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'private, no-cache')
      .header('content-security-policy', cspFor(built, kind))
      .type('text/html; charset=utf-8')
      .send(html);

  return {
    async site(request, reply) {
      const html = await load(options.siteDir);
      if (html === null) return send(reply, 'site', missingBuildPage('demo site', options.siteDir), undefined, 503);
      const sid = ensureSession(request, reply);
      const meta = { 'form-token': formTokenFor(options.sessionSecret, sid), 'r9-version': options.version };
      // After the meta tags and before the CMP stub, which reads it as the first script to run.
      const bootstrap = await bootstrapBlock(request);
      return send(reply, 'site', html, injectMeta(html, meta, bootstrap));
    },
    async console(_request, reply) {
      const html = await load(options.consoleDir);
      if (html === null) return send(reply, 'console', missingBuildPage('console', options.consoleDir), undefined, 503);
      return send(reply, 'console', html);
    },
  };
}
