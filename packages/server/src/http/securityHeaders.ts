import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

/** What decides the security headers beyond their fixed values. */
export interface SecurityHeadersOptions {
  /** The site is served to browsers over HTTPS (TLS here or at the proxy): adds HSTS. */
  https: boolean;
}

type HeaderSet = Record<string, string>;

/** `/console`, `/console/…` and `/console?…`: the operations console and its API. */
export const isConsolePath = (url: string): boolean => /^\/console(?:[/?#]|$)/.test(url);

// The CSP of every reply that is not one of our HTML documents (JSON, scripts, styles,
// errors): nothing may load or run if one is ever opened as a page. HTML documents replace it
// with their own policy (site/documentCsp.ts), which knows the page's inline-script hashes.
const resourceCsp = (frameAncestors: string) => ({
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: [frameAncestors] },
});

// HSTS only where the operator says the site is on HTTPS: on a plain-http host it would be
// ignored at best. A year, without includeSubDomains/preload: those commit other hosts too.
const hsts = (https: boolean) => (https ? { maxAge: 31_536_000, includeSubDomains: false } : false);

/**
 * The site's headers. Referrer: other sites learn our origin, never the path (search queries
 * carry places and dates). COOP keeps pages opened from elsewhere away from our window while
 * still letting ours open popups (payment, sign-in).
 */
const siteHelmet = (https: boolean): FastifyHelmetOptions => ({
  contentSecurityPolicy: resourceCsp("'self'"),
  frameguard: { action: 'sameorigin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: hsts(https),
});

/** The console's headers: never framed, never a referrer, a browsing context of its own. */
const consoleHelmet = (https: boolean): FastifyHelmetOptions => ({
  contentSecurityPolicy: resourceCsp("'none'"),
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: hsts(https),
});

// What a bare Fastify reply carries anyway; everything else in the probe's reply is helmet's.
const NOT_FROM_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Lets @fastify/helmet work out the headers of a configuration once, on a throw-away instance.
 * Registered on the real app, helmet rebuilds its middleware on every request (about 40 µs
 * each, measured with inject), which ingest routes cannot spare; the headers are the same for
 * every request, so they are computed once and copied.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<HeaderSet> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: HeaderSet = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_FROM_HELMET.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The security headers for a request URL. For replies that bypass hooks (Fastify's
     * `frameworkErrors`, e.g. a malformed URL): `reply.headers(request.server.securityHeadersFor(request.url))`.
     */
    securityHeadersFor(url: string): Readonly<HeaderSet>;
  }
}

/**
 * Puts the security headers on every reply that lacks them, as it is sent: 404s, errors, rate
 * limit and drain replies made by earlier hooks, static files. A header a route set itself wins
 * (an HTML document's own CSP). Register it on the root instance before any routes.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const site = Object.entries(await helmetHeaders(siteHelmet(options.https)));
  const consoleHeaders = Object.entries(await helmetHeaders(consoleHelmet(options.https)));
  const forUrl = (url: string) => (isConsolePath(url) ? consoleHeaders : site);
  app.decorate('securityHeadersFor', (url: string) => Object.fromEntries(forUrl(url)));
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of forUrl(request.url)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
