import type { FastifyInstance } from 'fastify';
import type { AlertEngine } from '../alerts/alertEngine.js';
import { alertRoutes } from '../alerts/alertRoutes.js';
import { consoleAnalyticsRoutes } from '../analytics/consoleAnalyticsRoutes.js';
import { breadcrumbRoutes } from '../breadcrumbs/breadcrumbRoutes.js';
import { consoleConsentRoutes } from '../consent/consoleConsentRoutes.js';
import type { ConsentService } from '../consent/createConsentService.js';
import { consoleDropRoutes } from '../drops/consoleDropRoutes.js';
import { issueRoutes } from '../issues/issueRoutes.js';
import { consoleLogRoutes } from '../logs/consoleLogRoutes.js';
import type { LogRulesService } from '../logs/logRules.js';
import { consoleVitalsRoutes } from '../perf/consoleVitalsRoutes.js';
import { releaseRoutes } from '../releases/releaseRoutes.js';
import type { ReleaseService } from '../releases/releaseService.js';
import { consoleSignalRoutes } from '../signals/consoleSignalRoutes.js';
import type { SignalKeyRing } from '../signals/signalKeyRing.js';
import type { QueryPorts } from '../storage/ports.js';
import { createConsoleAuth } from './consoleAuth.js';

/** What the console API needs from the app. */
export interface ConsoleApiOptions {
  consoleToken: string;
  /** The store's query ports: everything the console reads and changes. */
  query: QueryPorts;
  logRules: LogRulesService;
  releases: ReleaseService;
  consent: ConsentService;
  /** The signals envelope keys, shown and rotated from the console. */
  signalKeys: SignalKeyRing;
  alerts: Pick<AlertEngine, 'kick'>;
}

/**
 * Everything under `/console/api`, behind the console token. Register with that prefix. The
 * token check is one hook of this encapsulated plugin and every console route is registered
 * inside it, so no console route can forget it (console/consoleApi.test.ts proves it for each).
 */
export async function consoleApi(app: FastifyInstance, options: ConsoleApiOptions): Promise<void> {
  const { query } = options;
  app.addHook('onRequest', createConsoleAuth(options.consoleToken));
  app.get('/session', async () => ({ ok: true }));
  await app.register(issueRoutes, { logs: query.logs, issues: query.issues, stacks: options.releases });
  await app.register(consoleLogRoutes, { logRules: options.logRules });
  await app.register(breadcrumbRoutes, { logs: query.logs });
  await app.register(releaseRoutes, { storage: query.releases, sourceMaps: query.sourceMaps, releases: options.releases });
  await app.register(consoleVitalsRoutes, { perf: query.perf });
  await app.register(consoleAnalyticsRoutes, { analytics: query.analytics });
  await app.register(consoleDropRoutes, { drops: query.drops });
  await app.register(consoleConsentRoutes, { prefix: '/consent', consent: query.consent, service: options.consent });
  await app.register(consoleSignalRoutes, { prefix: '/signals', signals: query.signals, keys: options.signalKeys });
  await app.register(alertRoutes, { prefix: '/alerts', storage: query.alerts, engine: options.alerts });
}
