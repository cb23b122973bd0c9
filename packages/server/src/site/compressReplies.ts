import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** Replies smaller than this go out as they are: the saving would not pay for the work. */
export const COMPRESS_MIN_BYTES = 1024;

// JSON (console lists, dynamic-import replies) and our HTML pages. Scripts and styles are files,
// compressed once by the build and served precompressed (registerSite's preCompressed).
const COMPRESSIBLE = /^(?:application\/json|text\/html)\b/i;

/**
 * The encoding to use for a request's `Accept-Encoding`: brotli, else gzip, else none. Honours
 * q-values (`br;q=0` refuses brotli) and `*` (any encoding not named).
 */
export function pickEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q);
    if (name) quality.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (encoding: ContentEncoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (value === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return;
  reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

/** Compresses one body; brotli at quality 5 is the usual trade for bodies made per request. */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Compresses JSON and HTML replies of a kilobyte or more for clients that accept it (off the
 * event loop: zlib's async API runs in the thread pool). Small replies, like every ingest
 * acknowledgement, skip it untouched. Register on the root instance before the routes.
 */
export function registerReplyCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    addVary(reply); // big enough that the reply's encoding depends on the request's header
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const compressed = await compressBody(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length'); // Fastify measures the compressed body instead
    return compressed;
  });
}
