import type { FastifyInstance } from 'fastify';
import type { IngestSink } from './ingestSink.js';
import type { Store } from '../storage/ports.js';

/** What the health check asks: the store, and the path ingest takes to it. */
export interface HealthRouteOptions {
  store: Pick<Store, 'engine' | 'ping'>;
  ingest: Pick<IngestSink, 'kind' | 'ping'>;
  /** Longest a check waits for either answer; default 2 s, within a balancer's usual probe timeout. */
  timeoutMs?: number;
}

const healthReply = {
  type: 'object',
  required: ['ok', 'store', 'ingest'],
  properties: {
    ok: { type: 'boolean' },
    store: { type: 'string', enum: ['sqlite', 'postgres'] },
    ingest: { type: 'string', enum: ['direct', 'jetstream'] },
  },
} as const;

/** Resolves true when `ping` answers within `ms`, false when it fails or takes longer. */
async function answers(ping: () => Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([ping().then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`: which store and ingest path this instance uses, and whether both answer now.
 * A 503 (`ok: false`) tells the load balancer to send traffic elsewhere until they do: an
 * instance that cannot reach PostgreSQL or JetStream would only answer ingest with errors.
 */
export async function healthRoute(app: FastifyInstance, options: HealthRouteOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  // 503 is loose: the same status is also the drain's error reply (http/draining.ts), another shape.
  const anyObject = { type: 'object', additionalProperties: true } as const;
  app.get('/healthz', { schema: { response: { 200: healthReply, 503: anyObject } } }, async (_request, reply) => {
    const [store, ingest] = await Promise.all([answers(() => options.store.ping(), timeoutMs), answers(() => options.ingest.ping(), timeoutMs)]);
    const unreachable = [...(store ? [] : ['store']), ...(ingest ? [] : ['ingest'])];
    const body = { ok: unreachable.length === 0, store: options.store.engine, ingest: options.ingest.kind };
    reply.header('cache-control', 'no-store');
    if (body.ok) return body;
    // `unreachable` names which of the two did not answer, so the operator knows where to look.
    return reply.code(503).send({ ...body, unreachable });
  });
}
