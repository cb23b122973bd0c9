import type { Logger } from '../logger/createLogger.js';
import { toBase64 } from './base64.js';
import { collectSignals } from './collectSignals.js';
import { sealEnvelope } from './envelope.js';
import { fetchPublicKey, importPublicKey } from './publicKey.js';
import type { ConsentSource, SignalPayload } from './types.js';
import { isOk, postForm } from './upload.js';

/** Options of {@link startSignalCollection}; only `token` is required. */
export interface SignalCollectionOptions {
  /** The page's form token (`<meta name="form-token">`); it proves the upload comes from this session. */
  token: string;
  /** Where the sealed report goes; its public key is fetched from `<primaryUrl>/key` when `publicKey` is not given. */
  primaryUrl?: string;
  fallbackUrl?: string;
  /** The server's RSA-OAEP (SHA-256) public key: a CryptoKey or a public JWK (its `kid`, if any, goes in the envelope). */
  publicKey?: CryptoKey | JsonWebKey;
  /** Wait before collecting, so the page's own start-up goes first; then an idle moment is awaited. */
  delayMs?: number;
  logger?: Pick<Logger, 'error'>;
  /** Gate collection on a consent decision; by default none is needed (docs/signals.md, Consent). */
  consent?: ConsentSource;
}

/** The running collection: `stop()` cancels it if it has not sent yet. */
export interface SignalCollection {
  stop(): void;
}

type PageFlag = { __tarmacSignals?: boolean };

/**
 * Collects the signals once per page view, seals them for the server and uploads them: a reply
 * that is not 2xx (or none) is logged as 'Failed to set meta, code: {status}' and the token alone
 * goes to the fallback URL, so the server still counts the visit. Never throws into the page.
 */
export function startSignalCollection(options: SignalCollectionOptions): SignalCollection {
  // Without a logger failures stay silent: the collector is invisible to the visitor by design.
  const report = (message: string, ...error: unknown[]): void => options?.logger?.error(message, ...error);
  const page = globalThis as PageFlag;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | void;
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    if (unsubscribe) unsubscribe();
  };
  try {
    const { token, primaryUrl = '/a/api/signals', fallbackUrl = '/a/api/signals/fallback' } = options;
    if (typeof token !== 'string' || !token || token.length >= 100) report('signals: bad token');
    else if (!page.__tarmacSignals) {
      // Claimed at start, not at send: a second start in this page view (a remount) is a no-op.
      page.__tarmacSignals = true;
      const send = async (): Promise<void> => {
        let status = 0;
        try {
          // No WebCrypto (an insecure context) or no key: the fallback below still counts the visit.
          const jwk = options.publicKey || (await fetchPublicKey(primaryUrl + '/key'));
          const key = await importPublicKey(jwk);
          const nonce = toBase64(crypto.getRandomValues(new Uint8Array(16)));
          const payload: SignalPayload = { nonce, ts: Date.now(), signals: await collectSignals() };
          // A CryptoKey has no kid: the server then opens the envelope with its current key.
          const sealed = await sealEnvelope(JSON.stringify(payload), key, (jwk as { kid?: string }).kid);
          status = await postForm(primaryUrl, { encryptedMetaData: sealed, token });
          if (isOk(status)) return;
        } catch (error) {
          report('signals failed', error);
        }
        report(`Failed to set meta, code: ${status}`);
        // A failed fallback is not reported: nothing is left to try, and the primary failure is.
        await postForm(fallbackUrl, { token });
      };
      const run = (): void => {
        if (!stopped) send().catch((error: unknown) => report('signals failed', error));
      };
      const schedule = (granted: boolean): void => {
        if (!granted || timer || stopped) return;
        timer = setTimeout(() => {
          // An idle moment, but never later than 2 s: a busy page still gets counted.
          if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
          else run();
        }, options.delayMs ?? 200);
      };
      unsubscribe = options.consent ? options.consent(schedule) : schedule(true);
    }
  } catch (error) {
    report('signals failed', error);
  }
  return { stop };
}
