import type { FastifyInstance } from 'fastify';
import { consoleSignalRoutes } from './consoleSignalRoutes.js';
import type { SignalStorage } from './contract.js';
import type { SignalKeys } from './signalKeys.js';
import { generateSignalKeys } from './signalKeys.js';
import type { SignalKeyRing } from './signalKeyRing.js';
import { createSignalKeyRing } from './signalKeyRing.js';
import { signalRoutes } from './signalRoutes.js';

/** What the signals capability needs from the app. */
export interface InstallSignalsOptions {
  storage: SignalStorage;
  consoleToken: string;
  /**
   * The envelope keys: a ring (main.ts keeps one in DATA_DIR, rotations included), one pair (a
   * ring in memory), or none (a pair made in memory on first use, lost on restart).
   */
  signalKeys?: SignalKeyRing | SignalKeys;
}

const isRing = (keys: SignalKeyRing | SignalKeys): keys is SignalKeyRing => 'keyFor' in keys;

/**
 * Registers the public signal endpoints and the console's signal API, so app.ts adds the whole
 * capability with one call.
 */
export async function installSignals(app: FastifyInstance, options: InstallSignalsOptions): Promise<void> {
  const given = options.signalKeys;
  const keys = given && isRing(given) ? given : createSignalKeyRing({ current: given ?? generateSignalKeys });
  await app.register(signalRoutes, { storage: options.storage, keys });
  await app.register(consoleSignalRoutes, {
    prefix: '/console/api/signals',
    storage: options.storage,
    consoleToken: options.consoleToken,
    keys,
  });
}
