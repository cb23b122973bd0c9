import { createPublicKey } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSharedState } from '../config/sharedSecrets.js';
import type { SharedState } from '../config/sharedSecrets.js';
import { defaultRateLimits } from '../http/rateLimits.js';
import { payloadForTest, sealForTest } from '../signals/testing/sealForTest.js';
import type { Store } from '../storage/ports.js';
import { clientLogMessage } from './fixtures.js';
import { createTestApp } from './testApp.js';
import type { TestApp } from './testApp.js';

/** A store for the two instances, and how to let go of it once both are closed. */
export interface SharedStoreHandle {
  store: Store;
  close(): Promise<void>;
}

// Short enough for a quick test, long enough that "within the cache time" means something.
const CACHE_MS = 300;
const INGEST_LIMIT = 3;

const metaContent = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1];

/** Polls `check` until it stops throwing, for at most `ms`: changes made on A reach B within the cache time. */
async function eventually<T>(check: () => Promise<T>, ms = 10 * CACHE_MS): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, CACHE_MS / 5));
    }
  }
}

/** Waits out the end of a rate-limit minute when it is close, so one test's counts share a window. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Two app instances on ONE store, each with the state resolveSharedState gives it as main.ts
 * would on a shared store: whatever one instance makes or changes, the other honours — the proof
 * that a request may land on any instance. `open` gives a fresh store of the engine under test.
 */
export function describeSharedInstances(engine: string, open: () => Promise<SharedStoreHandle>): void {
  describe(`two instances on one ${engine} store`, () => {
    let handle: SharedStoreHandle;
    let a: TestApp;
    let b: TestApp;
    let stateOfA: SharedState;

    const instance = async (): Promise<{ app: TestApp; state: SharedState }> => {
      const state = await resolveSharedState(
        { dataDir: '/nonexistent/tarmac-shared-state', consoleToken: undefined, sessionSecret: undefined, signalsKeyFile: undefined, rateLimits: defaultRateLimits },
        handle.store,
        { shared: true, cacheMs: CACHE_MS, env: {} },
      );
      const app = await createTestApp({
        // Both apps use the store; it is closed once, after both.
        storage: { ...handle.store, close: async () => {} },
        ...state,
        rateLimits: { ...state.rateLimits, ingestPerMinute: INGEST_LIMIT, authFailuresPerMinute: INGEST_LIMIT },
        sharedCacheMs: CACHE_MS,
      });
      return { app, state };
    };

    beforeAll(async () => {
      handle = await open();
      const [first, second] = await Promise.all([instance(), instance()]);
      a = first.app;
      b = second.app;
      stateOfA = first.state;
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await handle?.close();
    });

    const asConsole = (app: FastifyInstance, url: string, init: { method?: 'GET' | 'PUT' | 'POST'; payload?: unknown } = {}) =>
      app.inject({ url, method: init.method ?? 'GET', headers: { authorization: `Bearer ${stateOfA.consoleToken}` }, ...(init.payload === undefined ? {} : { payload: init.payload as object }) });

    it('agrees on one console token and one form-token secret, made in the store', async () => {
      expect((await asConsole(a.app, '/console/api/session')).statusCode).toBe(200);
      expect((await asConsole(b.app, '/console/api/session')).statusCode).toBe(200);
      expect(await handle.store.settings.get('secrets.consoleToken')).toBe(stateOfA.consoleToken);
    });

    it('verifies on B a form token issued by A', async () => {
      const page = await a.app.inject({ url: '/', headers: { accept: 'text/html' } });
      const token = metaContent(page.body, 'form-token') ?? '';
      const sid = page.cookies.find((cookie) => cookie.name === 'tarmac_sid')?.value ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const onB = await b.app.inject({ url: '/i/api/iabtcf/v1/consent', headers: { cookie: `tarmac_sid=${sid}`, 'x-csrf': token } });
      expect(onB.statusCode).toBe(200);
      const forged = await b.app.inject({ url: '/i/api/iabtcf/v1/consent', headers: { cookie: `tarmac_sid=${sid}`, 'x-csrf': token.slice(1) + 'A' } });
      expect(forged.statusCode).toBe(403);
    });

    it('answers on B, and renders into B’s page, the US choice a visitor saved on A', async () => {
      const us = { 'x-geo-country': 'US', 'x-geo-region': 'NY' };
      const page = await a.app.inject({ url: '/', headers: { ...us, accept: 'text/html' } });
      const sid = page.cookies.find((cookie) => cookie.name === 'tarmac_sid')?.value ?? '';
      const headers = { ...us, 'x-csrf': metaContent(page.body, 'form-token') ?? '', 'content-type': 'application/json', cookie: `tarmac_sid=${sid}` };
      const choice = { saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true };
      const saved = await a.app.inject({ method: 'POST', url: '/i/api/gpp/v1/usnat', headers, payload: choice });
      expect(saved.json()).toMatchObject({ decided: true, ...choice });
      const visitor = saved.cookies.find((cookie) => cookie.name === 'tarmac_consent')?.value ?? '';
      const withVisitor = { ...headers, cookie: `tarmac_sid=${sid}; tarmac_consent=${visitor}` };
      expect((await b.app.inject({ url: '/i/api/gpp/v1/usnat', headers: withVisitor })).json()).toEqual(saved.json());
      const pageOnB = await b.app.inject({ url: '/', headers: { ...withVisitor, accept: 'text/html' } });
      const block = /<script type="application\/json" id="tarmac-consent">([^<]*)<\/script>/.exec(pageOnB.body)?.[1] ?? 'null';
      expect(JSON.parse(block)).toMatchObject({ regime: 'usnat', region: 'NY', usnat: saved.json() });
    });

    it('uses on B a signals key rotated on A, and still opens the previous one', async () => {
      const page = await a.app.inject({ url: '/', headers: { accept: 'text/html' } });
      const token = metaContent(page.body, 'form-token') ?? '';
      const sid = page.cookies.find((cookie) => cookie.name === 'tarmac_sid')?.value ?? '';
      const servedKey = async (app: FastifyInstance) => (await app.inject({ url: '/a/api/signals/key' })).json() as { kid: string; publicKey: JsonWebKey };
      let posts = 0;
      const post = (app: FastifyInstance, key: { kid: string; publicKey: JsonWebKey }): Promise<LightMyRequestResponse> =>
        app.inject({
          method: 'POST',
          url: '/a/api/signals',
          remoteAddress: `10.0.2.${(posts += 1)}`, // apart from the rate-limit test's count
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `tarmac_sid=${sid}`, 'x-requested-with': 'XMLHttpRequest' },
          payload: new URLSearchParams({
            encryptedMetaData: sealForTest(JSON.stringify(payloadForTest()), createPublicKey({ key: key.publicKey, format: 'jwk' }), { kid: key.kid }),
            token,
          }).toString(),
        });

      const first = await servedKey(a.app);
      expect((await servedKey(b.app)).kid).toBe(first.kid);
      expect((await post(b.app, first)).statusCode).toBe(200);

      const rotated = (await asConsole(a.app, '/console/api/signals/key/rotate', { method: 'POST' })).json() as { kid: string; previous: { kid: string; retiredAt: number } };
      expect(rotated.previous.kid).toBe(first.kid);
      // The new key is handed out only a little later, once B must have read it.
      expect(rotated.previous.retiredAt).toBeGreaterThan(Date.now());
      expect(rotated.kid).not.toBe(first.kid);
      // Once A hands the new key out, B opens envelopes sealed with it, at the first try.
      const second = await eventually(async () => {
        const key = await servedKey(a.app);
        expect(key.kid).toBe(rotated.kid);
        return key;
      });
      expect((await post(b.app, second)).statusCode).toBe(200);
      expect((await servedKey(b.app)).kid).toBe(rotated.kid);
      expect((await post(b.app, first)).statusCode).toBe(200); // the grace period
      expect((await asConsole(b.app, '/console/api/signals/key')).json()).toMatchObject({ kid: rotated.kid, previous: { kid: first.kid } });
    });

    it('applies on B the log settings saved on A within the cache time', async () => {
      expect((await asConsole(b.app, '/console/api/logs/settings')).json().message).toBeUndefined();
      const saved = await asConsole(a.app, '/console/api/logs/settings', { method: 'PUT', payload: { message: 'saved on A' } });
      expect(saved.statusCode).toBe(200);
      await eventually(async () => expect((await asConsole(b.app, '/console/api/logs/settings')).json().message).toBe('saved on A'));
      // And the ingest reply of B carries them.
      const reply = await b.app.inject({
        method: 'POST',
        url: '/log/client/messages',
        remoteAddress: '10.0.1.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ product: 'p', reqNo: 1, messages: [clientLogMessage({ id: 'one', groupId: 'one', message: 'one' })] }),
      });
      expect(reply.json()).toMatchObject({ message: 'saved on A' });
    });

    it('rate-limits on B a client that used up its minute on A', async () => {
      await awayFromMinuteEnd();
      const post = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/a/api/analytics/events', remoteAddress: '10.0.0.2', headers: { 'content-type': 'application/json' }, payload: '{}' });
      for (let i = 0; i < INGEST_LIMIT; i++) expect((await post(i % 2 === 0 ? a.app : b.app)).statusCode).toBe(400);
      const refused = await post(b.app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(a.app)).statusCode).toBe(429);
    });
  });
}
