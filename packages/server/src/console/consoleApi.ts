import type { FastifyInstance } from 'fastify';
import type { LogSettings } from '../logs/logSettings.js';
import type { ReleaseService } from '../releases/releaseService.js';
import { releaseRoutes } from '../releases/releaseRoutes.js';
import type { Storage } from '../storage/types.js';
import { createConsoleAuth } from './consoleAuth.js';
import { consoleAnalyticsRoutes } from '../analytics/consoleAnalyticsRoutes.js';
import { consoleDropRoutes } from '../drops/consoleDropRoutes.js';
import { consoleLogRoutes } from '../logs/consoleLogRoutes.js';
import { consoleVitalsRoutes } from '../perf/consoleVitalsRoutes.js';

/** What the console API needs from the app. */
export interface ConsoleApiOptions {
  storage: Storage;
  settings: LogSettings;
  consoleToken: string;
  releases: ReleaseService;
}

/**
 * Everything under `/console/api`, behind the console token. Register with that prefix; the
 * token check is a hook of this encapsulated plugin, so no console route can forget it.
 */
export async function consoleApi(app: FastifyInstance, options: ConsoleApiOptions): Promise<void> {
  app.addHook('onRequest', createConsoleAuth(options.consoleToken));
  app.get('/session', async () => ({ ok: true }));
  await app.register(consoleLogRoutes, { storage: options.storage, settings: options.settings, releases: options.releases });
  await app.register(releaseRoutes, { storage: options.storage, releases: options.releases });
  await app.register(consoleVitalsRoutes, { storage: options.storage });
  await app.register(consoleAnalyticsRoutes, { storage: options.storage });
  await app.register(consoleDropRoutes, { storage: options.storage });
}
