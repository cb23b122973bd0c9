import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RateLimitSettings } from '../http/rateLimits.js';
import { signalKeysFrom } from '../signals/signalKeys.js';
import type { SignalKeyRing } from '../signals/signalKeyRing.js';
import { loadSignalKeyRing, readSignalsKeyGrace } from '../signals/signalKeyRing.js';
import { createStoredSignalKeyRing } from '../signals/signalKeyRingStore.js';
import type { Store } from '../storage/ports.js';
import { readOrCreateSecret } from './secrets.js';
import type { ServerConfig } from './serverConfig.js';
import { dataFiles } from './serverConfig.js';

/** What every instance on one store must agree on, as buildApp takes it. */
export interface SharedState {
  consoleToken: string;
  sessionSecret: string;
  signalKeys: SignalKeyRing;
  rateLimits: RateLimitSettings;
}

/** How resolveSharedState decides; main.ts passes none. */
export interface SharedStateOptions {
  /** Where SIGNALS_KEY_GRACE_MINUTES is read; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /**
   * Whether other instances use this store too: by default any store but SQLite. Tests set it to
   * run two instances on one SQLite store the way they would run on PostgreSQL.
   */
  shared?: boolean;
  /** How long an instance trusts its copy of the signals key ring (signalKeyRingStore.ts). */
  cacheMs?: number;
}

type SharedConfig = Pick<ServerConfig, 'dataDir' | 'consoleToken' | 'sessionSecret' | 'signalsKeyFile' | 'rateLimits'>;

// Names of the values in store.settings.
export const SETTING_KEYS = { consoleToken: 'secrets.consoleToken', sessionSecret: 'secrets.sessionSecret' } as const;

/** A store other instances may use too: every piece of state then lives in it, none in DATA_DIR or memory. */
export const isSharedStore = (store: Pick<Store, 'engine'>): boolean => store.engine !== 'sqlite';

const freshSecret = () => randomBytes(32).toString('base64url');

/**
 * Where the console token, the form-token secret, the signals key ring and the rate-limit counters
 * come from. CONSOLE_TOKEN and SESSION_SECRET win when set. On SQLite (one instance) the rest stays
 * on the instance: secrets and the key ring in DATA_DIR files, counters in memory. On a shared
 * store, each secret is the store's (the first instance to start creates it: getOrCreate makes
 * instances starting together agree), the key ring lives in the store's settings (a key from
 * SIGNALS_KEY_FILE, if set, seeds it, so moving a single node onto a shared store keeps its key),
 * and the rate-limit counters are the store's, so a request may land on any instance.
 * Never logs a secret.
 */
export async function resolveSharedState(config: SharedConfig, store: Pick<Store, 'engine' | 'settings' | 'counters'>, options: SharedStateOptions = {}): Promise<SharedState> {
  const { env = process.env, shared = isSharedStore(store), cacheMs } = options;
  const graceMinutes = readSignalsKeyGrace(env);
  if (!shared) {
    const files = dataFiles(config.dataDir);
    return {
      consoleToken: config.consoleToken ?? readOrCreateSecret(files.consoleToken),
      sessionSecret: config.sessionSecret ?? readOrCreateSecret(files.sessionSecret),
      signalKeys: loadSignalKeyRing(config.signalsKeyFile ?? files.signalsKey, { graceMinutes }),
      rateLimits: config.rateLimits,
    };
  }
  const { settings } = store;
  const seed = config.signalsKeyFile;
  const [consoleToken, sessionSecret] = await Promise.all([
    config.consoleToken ?? settings.getOrCreate(SETTING_KEYS.consoleToken, freshSecret()),
    config.sessionSecret ?? settings.getOrCreate(SETTING_KEYS.sessionSecret, freshSecret()),
  ]);
  return {
    consoleToken,
    sessionSecret,
    signalKeys: createStoredSignalKeyRing(settings, {
      graceMinutes,
      ...(cacheMs === undefined ? {} : { cacheMs }),
      ...(seed ? { initial: async () => signalKeysFrom(readFileSync(seed, 'utf8')) } : {}),
    }),
    rateLimits: { ...config.rateLimits, counters: store.counters },
  };
}
