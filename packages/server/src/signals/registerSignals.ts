import type { FastifyInstance } from 'fastify';
import type { SignalIngest } from './ports.js';
import type { SignalKeys } from './signalKeys.js';
import { generateSignalKeys } from './signalKeys.js';
import type { SignalKeyRing } from './signalKeyRing.js';
import { createSignalKeyRing } from './signalKeyRing.js';
import { signalRoutes } from './signalRoutes.js';

/** What the signals capability needs from the app. */
export interface RegisterSignalsOptions {
  ingest: SignalIngest;
  /**
   * The envelope keys: a ring (config/sharedSecrets.ts keeps one in DATA_DIR, rotations included), one pair (a
   * ring in memory), or none (a pair made in memory on first use, lost on restart).
   */
  signalKeys?: SignalKeyRing | SignalKeys;
}

const isRing = (keys: SignalKeyRing | SignalKeys): keys is SignalKeyRing => 'keyFor' in keys;

/**
 * Registers the public signal endpoints and returns their key ring, which the console's signal
 * routes (consoleSignalRoutes.ts, mounted by the console plugin) show and rotate.
 */
export async function registerSignals(app: FastifyInstance, options: RegisterSignalsOptions): Promise<SignalKeyRing> {
  const given = options.signalKeys;
  const keys = given && isRing(given) ? given : createSignalKeyRing({ current: given ?? generateSignalKeys });
  await app.register(signalRoutes, { ingest: options.ingest, keys });
  return keys;
}
