import type { FastifyInstance } from 'fastify';
import { requireFormToken } from '../http/authFailures.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { addStrictFormParser, FORM } from '../http/strictForm.js';
import type { SignalIngest } from './ports.js';
import { openEnvelope } from './openEnvelope.js';
import { readPayload } from './readPayload.js';
import type { SignalKeyRing } from './signalKeyRing.js';
import { judgeSignals } from './verdict.js';

/** What the signal endpoints need from the app. */
export interface SignalRoutesOptions {
  ingest: SignalIngest;
  /** The current key and the one before it (signalKeyRing.ts). */
  keys: SignalKeyRing;
  /** How far a payload's clock may be from the server's; bounds how long a nonce matters. */
  maxClockSkewMs?: number;
  now?: () => number;
}

// The envelope (≤ 16,000 characters) and the token, percent-encoded, with room to spare.
const SIGNALS_BODY_LIMIT = 64 * 1024;

const primaryBody = {
  type: 'object',
  required: ['encryptedMetaData', 'token'],
  additionalProperties: false,
  properties: {
    encryptedMetaData: { type: 'string', minLength: 1, maxLength: 16_000 },
    token: { type: 'string', maxLength: 100 },
  },
} as const;

const fallbackBody = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 100 } },
} as const;

/**
 * `GET /a/api/signals/key`, `POST /a/api/signals` and `POST /a/api/signals/fallback`
 * (docs/signals.md). Register without a prefix; the strict urlencoded parser (http/strictForm.ts)
 * stays inside this plugin.
 */
export async function signalRoutes(app: FastifyInstance, options: SignalRoutesOptions): Promise<void> {
  const { ingest, keys, maxClockSkewMs = 24 * 3600_000, now = Date.now } = options;
  if (!app.hasContentTypeParser(FORM)) addStrictFormParser(app, SIGNALS_BODY_LIMIT);

  app.get('/a/api/signals/key', async (_request, reply) => {
    await keys.refresh();
    // Never cached past half the grace period: a key from any cache still opens when it is used.
    const maxAge = keys.keyMaxAgeSeconds;
    reply.header('Cache-Control', maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache');
    const { kid, publicJwk } = keys.current();
    return { algorithm: 'RSA-OAEP-256', kid, publicKey: publicJwk };
  });

  app.post<{ Body: { encryptedMetaData: string; token: string } }>(
    '/a/api/signals',
    { onRequest: requireSameOrigin, schema: { body: primaryBody } },
    async (request) => {
      // Checked before any decryption: a request without this session's token costs no RSA work.
      await requireFormToken(request, request.body.token);
      await keys.refresh();
      const payload = readPayload(openEnvelope(request.body.encryptedMetaData, keys.keyFor));
      const receivedAt = now();
      if (Math.abs(receivedAt - payload.ts) > maxClockSkewMs) {
        throw httpError(errorCodes.SIGNALS_STALE, 'The payload timestamp is outside the accepted window');
      }
      const userAgent = request.headers['user-agent'] ?? null;
      const stored = await ingest.insertSignalReport({
        nonce: payload.nonce,
        receivedAt,
        clientTs: payload.ts,
        userAgent,
        verdict: judgeSignals(payload.signals, userAgent),
        signals: payload.signals,
      });
      if (!stored) throw httpError(errorCodes.SIGNALS_REPLAY, 'This payload was already received');
      // The verdict is not echoed: automation must not learn which hints gave it away.
      return { ok: true };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/a/api/signals/fallback',
    { onRequest: requireSameOrigin, schema: { body: fallbackBody } },
    async (request) => {
      await requireFormToken(request, request.body.token);
      await ingest.insertSignalFallback({ receivedAt: now(), userAgent: request.headers['user-agent'] ?? null });
      return { ok: true };
    },
  );
}
