import type { FastifyInstance } from 'fastify';
import type { AlertEngineSettings } from './alertEngine.js';
import { createAlertEngine } from './alertEngine.js';
import { alertRoutes } from './alertRoutes.js';
import type { AlertSources } from './evaluateAlerts.js';

/** What alerting needs from the app. */
export interface InstallAlertsOptions {
  storage: AlertSources;
  consoleToken: string;
  settings?: AlertEngineSettings;
}

// Ingest that can make a group new, regressed or busy: evaluate soon after it is stored.
const LOG_INGEST = '/log/client/messages';

/**
 * Adds alerting to the app with one call: the console routes under `/console/api/alerts`, the
 * engine started when the app is ready and stopped (waiting for its run) when it closes, and a
 * nudge after every stored log batch so a new or regressed group alerts within about a second.
 */
export async function installAlerts(app: FastifyInstance, options: InstallAlertsOptions): Promise<void> {
  const engine = createAlertEngine(options.storage, app.log, options.settings);
  await app.register(alertRoutes, { prefix: '/console/api/alerts', storage: options.storage, engine, consoleToken: options.consoleToken });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && reply.statusCode < 300 && request.routeOptions.url === LOG_INGEST) engine.kick();
  });
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => engine.stop());
}
