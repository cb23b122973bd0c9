import type { FastifyInstance } from 'fastify';

/**
 * A visitor's session from a given place: loads the page with `headers` (geo headers, Sec-GPC),
 * keeps its form token and cookies, and sends the same headers with every call, as a CDN in
 * front of the server would. `bootstrap` is the page's consent block, parsed.
 */
export async function regimeSession(app: FastifyInstance, headers: Record<string, string> = {}) {
  const page = await app.inject({ method: 'GET', url: '/', headers: { ...headers, accept: 'text/html' } });
  const token = /<meta name="form-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
  const block = /<script type="application\/json" id="tarmac-consent">([^<]*)<\/script>/.exec(page.body)?.[1];
  const cookies: Record<string, string> = { tarmac_sid: page.cookies.find((c) => c.name === 'tarmac_sid')?.value ?? '' };
  const headersNow = (extra: Record<string, string> = {}) => ({
    ...headers,
    'x-csrf': token,
    'content-type': 'application/json',
    cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '),
    ...extra,
  });
  const session = {
    page,
    cookies,
    bootstrap: block === undefined ? undefined : (JSON.parse(block) as unknown),
    get: (url: string, extra?: Record<string, string>) => app.inject({ method: 'GET', url, headers: headersNow(extra) }),
    /** Posts `body` and keeps the consent cookie of the reply, as a browser would. */
    async post(url: string, body: unknown, extra?: Record<string, string>) {
      const reply = await app.inject({ method: 'POST', url, headers: headersNow(extra), payload: JSON.stringify(body) });
      const visitor = reply.cookies.find((c) => c.name === 'tarmac_consent')?.value;
      if (visitor) cookies.tarmac_consent = visitor;
      return reply;
    },
    /** The page again, with the session's cookies: the bootstrap a returning visitor gets. */
    async reload(extra: Record<string, string> = {}) {
      const again = await app.inject({ method: 'GET', url: '/', headers: { ...headersNow(extra), accept: 'text/html' } });
      const text = /<script type="application\/json" id="tarmac-consent">([^<]*)<\/script>/.exec(again.body)?.[1];
      return { page: again, bootstrap: text === undefined ? undefined : (JSON.parse(text) as unknown) };
    },
  };
  return session;
}
