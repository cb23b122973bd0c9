import type { FastifyInstance } from 'fastify';
import { consoleSignalRoutes } from './consoleSignalRoutes.js';
import type { SignalStorage } from './contract.js';
import type { SignalKeys } from './signalKeys.js';
import { generateSignalKeys } from './signalKeys.js';
import { signalRoutes } from './signalRoutes.js';

/** What the signals capability needs from the app. */
export interface InstallSignalsOptions {
  storage: SignalStorage;
  consoleToken: string;
  /** The envelope key pair; without one a pair is made in memory on first use (lost on restart). */
  signalKeys?: SignalKeys;
}

/**
 * Registers the public signal endpoints and the console's signal API, so app.ts adds the whole
 * capability with one call.
 */
export async function installSignals(app: FastifyInstance, options: InstallSignalsOptions): Promise<void> {
  let keys = options.signalKeys;
  const getKeys = (): SignalKeys => (keys ??= generateSignalKeys());
  await app.register(signalRoutes, { storage: options.storage, keys: getKeys });
  await app.register(consoleSignalRoutes, {
    prefix: '/console/api/signals',
    storage: options.storage,
    consoleToken: options.consoleToken,
  });
}
