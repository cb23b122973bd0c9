// The request, response and route objects the WebKit page driver hands to tests, shaped like
// Playwright's (the subset the browser suite uses), filled in by the proxy (interceptor.ts).
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** Playwright's URL matcher: a glob string (`*`, `**`), a RegExp or a predicate. */
export type UrlMatch = string | RegExp | ((url: URL) => boolean);

/** True when `url` matches `match` the way Playwright's page.route matches it. */
export function urlMatches(match: UrlMatch, url: string): boolean {
  if (typeof match === 'function') return match(new URL(url));
  if (match instanceof RegExp) return match.test(url);
  let pattern = '';
  for (let i = 0; i < match.length; i++) {
    const c = match[i] ?? '';
    if (c === '*' && match[i + 1] === '*') {
      pattern += '.*';
      i++;
    } else if (c === '*') pattern += '[^/]*';
    else pattern += c.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`).test(url);
}

/** One request the page made, as Playwright's Request. */
export class WkRequest {
  readonly startTime = Date.now();
  /** Settles with the response, or null when the request failed or was aborted. */
  readonly responsePromise: Promise<WkResponse | null>;
  settle!: (response: WkResponse | null) => void;

  constructor(
    private readonly href: string,
    private readonly verb: string,
    private readonly head: Record<string, string>,
    private readonly body: Buffer,
  ) {
    this.responsePromise = new Promise((resolve) => (this.settle = resolve));
  }
  url(): string {
    return this.href;
  }
  method(): string {
    return this.verb;
  }
  headers(): Record<string, string> {
    return { ...this.head };
  }
  postData(): string | null {
    return this.body.length ? this.body.toString('utf8') : null;
  }
  postDataBuffer(): Buffer | null {
    return this.body.length ? this.body : null;
  }
  postDataJSON(): unknown {
    const text = this.postData();
    return text === null ? null : JSON.parse(text);
  }
  /** From Sec-Fetch-Dest, in Playwright's words (a beacon or fetch is 'fetch'). */
  resourceType(): string {
    const dest = this.head['sec-fetch-dest'] ?? '';
    const map: Record<string, string> = { document: 'document', script: 'script', style: 'stylesheet', image: 'image', font: 'font', iframe: 'document' };
    return map[dest] ?? 'fetch';
  }
  timing(): { startTime: number } {
    return { startTime: this.startTime };
  }
  response(): Promise<WkResponse | null> {
    return this.responsePromise;
  }
}

/** One response, as Playwright's Response (its body is decoded from any content-encoding). */
export class WkResponse {
  constructor(
    private readonly req: WkRequest,
    private readonly code: number,
    private readonly head: Record<string, string>,
    private readonly raw: Promise<Buffer>,
  ) {}
  url(): string {
    return this.req.url();
  }
  request(): WkRequest {
    return this.req;
  }
  status(): number {
    return this.code;
  }
  ok(): boolean {
    return this.code >= 200 && this.code < 300;
  }
  headers(): Record<string, string> {
    return { ...this.head };
  }
  async body(): Promise<Buffer> {
    const raw = await this.raw;
    const encoding = this.head['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(raw);
    if (encoding === 'gzip') return gunzipSync(raw);
    if (encoding === 'deflate') return inflateSync(raw);
    return raw;
  }
  async text(): Promise<string> {
    return (await this.body()).toString('utf8');
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/** Flattens Node's header object to Playwright's lower-case name → value. */
export function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** What a route handler answers with, as Playwright's route.fulfill options. */
export type FulfillOptions = {
  status?: number;
  body?: string | Buffer;
  json?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  path?: string;
  response?: WkResponse;
};

/** The answer a fulfilled route sends to the browser. */
export type Fulfilment = { status: number; headers: Record<string, string>; body: Buffer };

/** Resolves Playwright's fulfill options to status, headers and body. */
export async function fulfilment(options: FulfillOptions): Promise<Fulfilment> {
  const headers: Record<string, string> = { ...(options.response?.headers() ?? {}), ...(options.headers ?? {}) };
  let body: Buffer;
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  } else if (options.path) body = await readFile(options.path);
  else if (options.body !== undefined) body = Buffer.from(options.body);
  else if (options.response) body = await options.response.body();
  else body = Buffer.alloc(0);
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.path && !headers['content-type']) headers['content-type'] = guessType(options.path);
  // The body is sent as is: drop the upstream encoding and length, and say the new length.
  delete headers['content-encoding'];
  delete headers['transfer-encoding'];
  headers['content-length'] = String(body.length);
  return { status: options.status ?? options.response?.status() ?? 200, headers, body };
}

function guessType(path: string): string {
  if (path.endsWith('.js') || path.endsWith('.mjs')) return 'text/javascript';
  if (path.endsWith('.css')) return 'text/css';
  if (path.endsWith('.html')) return 'text/html';
  if (path.endsWith('.json') || path.endsWith('.map')) return 'application/json';
  return 'application/octet-stream';
}
