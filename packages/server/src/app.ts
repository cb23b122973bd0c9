import cookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { dynamicImportRoutes } from './dynamicImport/dynamicImportRoutes.js';
import { addBeaconJsonParser } from './http/beaconBody.js';
import type { HttpPolicyOptions } from './http/httpPolicies.js';
import { httpServerOptions, registerHttpPolicies } from './http/httpPolicies.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import type { LogRules } from './logs/contract.js';
import { createLogRulesService } from './logs/logRules.js';
import { defaultPaths } from './paths.js';
import { hostedBuilds } from './releases/mapSource.js';
import { createReleaseService } from './releases/releaseService.js';
import { registerSignals } from './signals/registerSignals.js';
import type { SignalKeys } from './signals/signalKeys.js';
import type { SignalKeyRing } from './signals/signalKeyRing.js';
import type { AlertEngineSettings } from './alerts/alertEngine.js';
import { registerAlerts } from './alerts/registerAlerts.js';
import { analyticsRoutes } from './analytics/analyticsRoutes.js';
import { clientLogRoutes } from './logs/clientLogRoutes.js';
import { consentRoutes } from './consent/consentRoutes.js';
import { createConsentService } from './consent/createConsentService.js';
import type { ConsentServiceOptions } from './consent/createConsentService.js';
import type { GeoSettings } from './consent/regime.js';
import { DEFAULT_GEO } from './consent/regime.js';
import { usnatRoutes } from './consent/usnatRoutes.js';
import { createUsnatService } from './consent/usnatService.js';
import { createVisitorConsent } from './consent/visitorConsent.js';
import { consoleApi } from './console/consoleApi.js';
import { perfRoutes } from './perf/perfRoutes.js';
import { searchRoutes } from './search/searchRoutes.js';
import type { VerifyFormToken } from './site/formToken.js';
import { createFormTokenVerifier } from './site/formToken.js';
import { registerReplyCompression } from './site/compressReplies.js';
import { registerSite } from './site/registerSite.js';
import type { Store } from './storage/ports.js';
import { createDirectSink } from './ingest/directSink.js';
import type { IngestSink } from './ingest/ingestSink.js';
import { healthRoute } from './ingest/healthRoute.js';

export type { IngestItem } from './ingest/contract.js';
export type { IngestPorts, QueryPorts, Store } from './storage/ports.js';
export type { IngestSink } from './ingest/ingestSink.js';
export { createSqliteStore } from './storage/sqlite/createSqliteStore.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks a form token (`X-CSRF` header) against the request's session; see site/formToken.ts. */
    verifyFormToken: VerifyFormToken;
  }
}

/** Everything the server is built from; `main.ts` fills it from the environment, tests directly. */
export interface AppOptions extends HttpPolicyOptions {
  /** The store: console reads and changes go to its query ports, ingest to its ingest ports. */
  storage: Store;
  /**
   * Where ingest routes hand accepted items: the store itself by default (write, then reply), or
   * JetStream in front of it (ingest/jetstreamSink.ts). /healthz reports and checks it.
   */
  ingest?: IngestSink;
  /** Bearer token of the console API. */
  consoleToken: string;
  /** Key of the form-token HMAC; keep it stable across restarts and shared across instances. */
  sessionSecret: string;
  /** Built demo site; defaults to apps/demo/dist. */
  siteDir?: string;
  /** Built console; defaults to apps/console/dist. */
  consoleDir?: string;
  /** The r9 build version stamped into pages; defaults to 'dev'. */
  version?: string;
  logger?: boolean;
  /** Log rules that apply until the operator saves some from the console. */
  logRules?: LogRules;
  /**
   * How long this instance reuses operator settings it read from the store (log rules), so
   * other instances' changes apply within that time; 5 s by default (tests shorten it).
   */
  sharedCacheMs?: number;
  /** Largest accepted request body in bytes; defaults to 256 KiB. */
  bodyLimit?: number;
  /**
   * Keys of browser-signal envelopes: a ring (config/sharedSecrets.ts keeps one in DATA_DIR,
   * rotatable from the console), one pair, or none (a pair made in memory on first use).
   */
  signalKeys?: SignalKeyRing | SignalKeys;
  /** Consent service settings (vendor list path, CMP id…); see consent/createConsentService.ts. */
  consent?: Omit<ConsentServiceOptions, 'ingest' | 'query'>;
  /**
   * Which headers name the visitor's country and region, and the country assumed without them
   * (config/geoConfig.ts); `X-Geo-Country`, `X-Geo-Region` and ES by default.
   */
  geo?: GeoSettings;
  /** Alert engine timings, retries and HTTP client; see alerts/alertEngine.ts (tests shorten them). */
  alerts?: AlertEngineSettings;
  /** Browsers reach the site over HTTPS (TLS here or at a proxy): sends HSTS; see http/securityHeaders.ts. */
  https?: boolean;
}

/**
 * Builds the whole server without listening, so tests drive it with `inject()` and `main.ts`
 * decides where it listens.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  if (options.sessionSecret.length < 16) throw new Error('sessionSecret must be at least 16 characters');
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request drowns what matters; rejected and failed requests are logged by the
    // error handler with their code and reason.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    // Bodies are checked as sent: a string where a number belongs is an error, not a guess.
    ajv: { customOptions: { coerceTypes: false } },
    ...httpServerOptions(options),
  });
  // Error replies, the drain on close, rate limits: before anything that adds hooks or routes.
  await registerHttpPolicies(app, options);
  // Before any route, so every reply (errors and 404s included) carries them.
  await registerSecurityHeaders(app, { https: options.https ?? false });
  registerReplyCompression(app);
  addBeaconJsonParser(app);
  await app.register(cookie);
  app.decorate('verifyFormToken', createFormTokenVerifier(options.sessionSecret));

  const { query } = options.storage;
  const ingest = options.ingest ?? createDirectSink(options.storage);
  await app.register(healthRoute, { store: options.storage, ingest });
  const logRules = createLogRulesService(options.storage.settings, options.logRules, { cacheMs: options.sharedCacheMs });
  // Source maps: uploaded per release, or the hidden maps beside the builds this server hosts.
  const builds = hostedBuilds(options.siteDir ?? defaultPaths.siteDir, options.consoleDir ?? defaultPaths.consoleDir);
  const releases = createReleaseService(query.sourceMaps, builds);
  await app.register(clientLogRoutes, { ingest: ingest.logs, logRules, releases });
  await app.register(dynamicImportRoutes, { siteDir: options.siteDir ?? defaultPaths.siteDir, version: options.version ?? 'dev' });
  await app.register(perfRoutes, { ingest: ingest.perf });
  await app.register(analyticsRoutes, { ingest: ingest.analytics });
  await app.register(searchRoutes);
  const consent = createConsentService({ ...options.consent, ingest: ingest.consent, query: query.consent });
  const usnat = createUsnatService({ ingest: ingest.consent, query: query.consent });
  const visitor = createVisitorConsent({ tcf: consent, usnat, geo: options.geo ?? DEFAULT_GEO });
  await app.register(consentRoutes, { service: consent, visitor });
  await app.register(usnatRoutes, { usnat, visitor });
  const signalKeys = await registerSignals(app, { ingest: ingest.signals, signalKeys: options.signalKeys });
  const alerts = registerAlerts(app, { sources: query, settings: options.alerts });
  await app.register(consoleApi, {
    prefix: '/console/api',
    consoleToken: options.consoleToken,
    query,
    logRules,
    releases,
    consent,
    signalKeys,
    alerts,
  });
  await registerSite(app, {
    siteDir: options.siteDir ?? defaultPaths.siteDir,
    consoleDir: options.consoleDir ?? defaultPaths.consoleDir,
    sessionSecret: options.sessionSecret,
    version: options.version ?? 'dev',
    https: options.https ?? false,
    consentBootstrap: visitor.bootstrapFor,
  });
  return app;
}
