import type { FastifyInstance } from 'fastify';

/** The consent endpoint the page calls. */
export const CONSENT_URL = '/i/api/iabtcf/v1/consent';

/**
 * A visitor's session as a browser gets it: load the page, read the form-token meta tag and keep
 * the session cookie; `get`/`post` call the consent endpoint with both, and `remember` keeps the
 * consent cookie a save set, as a browser would.
 */
export async function consentSession(app: FastifyInstance) {
  const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const token = /<meta name="form-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
  const sid = page.cookies.find((c) => c.name === 'tarmac_sid')?.value ?? '';
  const cookies: Record<string, string> = { tarmac_sid: sid };
  const headers = () => ({
    'x-csrf': token,
    'content-type': 'application/json',
    cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '),
  });
  const session = {
    cookies,
    get: () => app.inject({ method: 'GET', url: CONSENT_URL, headers: headers() }),
    post: (body: unknown) => app.inject({ method: 'POST', url: CONSENT_URL, headers: headers(), payload: JSON.stringify(body) }),
    /** Posts and keeps the consent cookie of the reply. */
    async save(body: unknown) {
      const reply = await session.post(body);
      const visitor = reply.cookies.find((c) => c.name === 'tarmac_consent')?.value;
      if (visitor) cookies.tarmac_consent = visitor;
      return reply;
    },
  };
  return session;
}
