import type { FastifyInstance } from 'fastify';
import type { AlertEngine, AlertEngineSettings } from './alertEngine.js';
import { createAlertEngine } from './alertEngine.js';
import type { AlertSources } from './evaluateAlerts.js';

/** What alerting needs from the app. */
export interface RegisterAlertsOptions {
  /** The store's query ports (its `query` fits). */
  sources: AlertSources;
  settings?: AlertEngineSettings;
}

// Ingest that can make a group new, regressed or busy: evaluate soon after it is stored.
const LOG_INGEST = '/log/client/messages';

/**
 * Adds the alert engine to the app: started when the app is ready and stopped (waiting for its
 * run) when it closes, and nudged after every stored log batch so a new or regressed group alerts
 * within about a second. Returns it for the console's alert routes (alertRoutes.ts), which the
 * console plugin mounts behind its token check.
 */
export function registerAlerts(app: FastifyInstance, options: RegisterAlertsOptions): AlertEngine {
  const engine = createAlertEngine(options.sources, app.log, options.settings);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && reply.statusCode < 300 && request.routeOptions.url === LOG_INGEST) engine.kick();
  });
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => engine.stop());
  return engine;
}
