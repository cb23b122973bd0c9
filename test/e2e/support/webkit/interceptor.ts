// The HTTP proxy every request of one WebKit session goes through (WebDriver's proxy capability,
// no bypass list). It gives WebKit what Playwright gets from the browser's own protocol in Chromium
// and Firefox: routes that answer or change requests, and request/response events, on the page's
// real origin, so the tests and fixtures run unchanged.
import { EventEmitter } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { flatHeaders, fulfilment, urlMatches, WkRequest, WkResponse, type FulfillOptions, type UrlMatch } from './network.js';

/** A route handler, as in Playwright's page.route. */
export type RouteHandler = (route: WkRoute, request: WkRequest) => unknown;

/** What `route.continue()` may change about the request. */
export type ContinueOptions = { url?: string; postData?: string | Buffer; headers?: Record<string, string>; method?: string };
type Decision = { kind: 'fulfill'; options: FulfillOptions } | ({ kind: 'continue' } & ContinueOptions) | { kind: 'abort' } | { kind: 'fallback' };

/** The route object a handler receives: answer, pass on or refuse the request. */
export class WkRoute {
  decided!: (decision: Decision) => void;
  readonly decision = new Promise<Decision>((resolve) => (this.decided = resolve));
  constructor(private readonly req: WkRequest) {}
  request(): WkRequest {
    return this.req;
  }
  async fulfill(options: FulfillOptions = {}): Promise<void> {
    this.decided({ kind: 'fulfill', options });
  }
  async continue(options: ContinueOptions = {}): Promise<void> {
    this.decided({ kind: 'continue', ...options });
  }
  async fallback(): Promise<void> {
    this.decided({ kind: 'fallback' });
  }
  async abort(): Promise<void> {
    this.decided({ kind: 'abort' });
  }
  /** Fetches the request from the server (as the browser would have) for a handler to change. */
  fetch(): Promise<WkResponse> {
    return forward(this.req, {});
  }
}

/** The proxy: `port` to hand to WebDriver; emits 'request', 'response', 'requestfinished', 'requestfailed'. */
export class Interceptor extends EventEmitter {
  private routes: { match: UrlMatch; handler: RouteHandler }[] = [];
  /** Init scripts by id; a removed one (its page closed) is undefined. */
  private readonly initScripts: (string | undefined)[] = [];
  /** Set-Cookie values fetched outside the browser (page.request), handed to it with the next response. */
  readonly pendingCookies: string[] = [];
  /** Drops Content-Security-Policy from documents (Playwright's bypassCSP). */
  bypassCSP = false;
  /** Headers added to every request (Playwright's extraHTTPHeaders), names in lower case. */
  extraHeaders: Record<string, string> = {};

  private constructor(private readonly server: Server) {
    super();
  }

  static async start(): Promise<Interceptor> {
    const server = createServer();
    const interceptor = new Interceptor(server);
    server.on('request', (req, res) => void interceptor.handle(req, res));
    // HTTPS or WebSocket upgrades through the proxy: a plain tunnel, not watched.
    server.on('connect', (req, socket, head) => {
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port) || 443, host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return interceptor;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  route(match: UrlMatch, handler: RouteHandler): void {
    this.routes.push({ match, handler });
  }

  unroute(match?: UrlMatch, handler?: RouteHandler): void {
    this.routes = this.routes.filter((r) => !(match === undefined || (r.match === match && (!handler || r.handler === handler))));
  }

  /**
   * Runs `source` first in every HTML document from now on: the proxy adds a script tag, loaded
   * from the document's own origin (so a 'self' script policy admits it), at the top of the head.
   */
  addInitScript(source: string): number {
    return this.initScripts.push(source) - 1;
  }
  /** Stops adding init script `id` (a page's own, when that page closes). */
  removeInitScript(id: number): void {
    this.initScripts[id] = undefined;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = { ...flatHeaders(req.headers), ...this.extraHeaders };
    delete headers['proxy-connection'];
    const request = new WkRequest(req.url ?? '', req.method ?? 'GET', headers, Buffer.concat(chunks));
    const initPath = '/__webkit_init__/';
    const path = new URL(request.url()).pathname;
    if (path.startsWith(initPath)) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(this.initScripts[Number(path.slice(initPath.length).replace('.js', ''))] ?? '');
      return;
    }
    this.emit('request', request);
    try {
      let decision: Decision = { kind: 'continue' };
      // Last registered first, as Playwright does; `fallback()` tries the next older route.
      for (const route of [...this.routes].reverse()) {
        if (!urlMatches(route.match, request.url())) continue;
        const wk = new WkRoute(request);
        await route.handler(wk, request);
        decision = await wk.decision;
        if (decision.kind !== 'fallback') break;
      }
      if (decision.kind === 'abort') throw new Error('aborted by a route');
      if (decision.kind === 'fallback') decision = { kind: 'continue' };
      let response: WkResponse;
      if (decision.kind === 'fulfill') {
        let answer = await fulfilment(decision.options);
        if (request.resourceType() === 'document' && (answer.headers['content-type'] ?? '').includes('text/html') && this.initScripts.some(Boolean)) {
          answer = await fulfilment({ status: answer.status, headers: answer.headers, body: this.withInitScripts(answer.body.toString('utf8')) });
        }
        const cookies = this.pendingCookies.splice(0);
        response = new WkResponse(request, answer.status, answer.headers, Promise.resolve(answer.body));
        res.writeHead(answer.status, cookies.length ? { ...answer.headers, 'set-cookie': cookies } : answer.headers);
        res.end(answer.body);
      } else if (request.resourceType() === 'document' && (this.initScripts.some(Boolean) || this.bypassCSP)) {
        response = await this.rewriteDocument(await forward(request, decision), res);
      } else {
        response = await forward(request, decision, res);
      }
      request.settle(response);
      this.emit('response', response);
      await response.body().catch(() => undefined);
      this.emit('requestfinished', request);
    } catch {
      request.settle(null);
      res.destroy();
      this.emit('requestfailed', request);
    }
  }

  /** `html` with a script tag per init script at the top of its head (or of the document). */
  private withInitScripts(html: string): string {
    const tags = this.initScripts.map((s, i) => (s === undefined ? '' : `<script src="/__webkit_init__/${i}.js"></script>`)).join('');
    if (!tags) return html;
    return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => m + tags) : tags + html;
  }

  /** Sends an HTML document with the init scripts added and, with bypassCSP, no policy. */
  private async rewriteDocument(upstream: WkResponse, res: ServerResponse): Promise<WkResponse> {
    let html = await upstream.text();
    if ((upstream.headers()['content-type'] ?? '').includes('text/html')) html = this.withInitScripts(html);
    const headers = upstream.headers();
    if (this.bypassCSP) delete headers['content-security-policy'];
    const answer = await fulfilment({ status: upstream.status(), headers, body: html });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    return new WkResponse(upstream.request(), answer.status, answer.headers, Promise.resolve(answer.body));
  }
}

/**
 * Sends `request` to its server; with `res`, streams the answer to the browser as it arrives (an
 * event stream stays open), the returned response's body settling when the answer ends.
 */
function forward(request: WkRequest, change: ContinueOptions, res?: ServerResponse): Promise<WkResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(change.url ?? request.url());
    const body = change.postData === undefined ? request.postDataBuffer() : Buffer.from(change.postData);
    const headers = { ...request.headers(), ...(change.headers ?? {}) };
    if (body) headers['content-length'] = String(body.length);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port || 80, path: target.pathname + target.search, method: change.method ?? request.method(), headers },
      (answer) => {
        const chunks: Buffer[] = [];
        const body = new Promise<Buffer>((done, fail) => {
          answer.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            res?.write(chunk);
          });
          answer.on('end', () => {
            res?.end();
            done(Buffer.concat(chunks));
          });
          answer.on('error', fail);
        });
        body.catch(() => res?.destroy());
        res?.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        res?.flushHeaders();
        resolve(new WkResponse(request, answer.statusCode ?? 502, flatHeaders(answer.headers), body));
      },
    );
    upstream.on('error', reject);
    upstream.end(body ?? undefined);
  });
}
