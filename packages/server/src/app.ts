import cookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { dynamicImportRoutes } from './dynamicImport/dynamicImportRoutes.js';
import { addBeaconJsonParser } from './http/beaconBody.js';
import type { HttpPolicyOptions } from './http/httpPolicies.js';
import { httpServerOptions, installHttpPolicies } from './http/httpPolicies.js';
import { installSecurityHeaders } from './http/securityHeaders.js';
import type { ClientLogReply } from './logs/contract.js';
import { createLogSettings } from './logs/logSettings.js';
import { defaultPaths } from './paths.js';
import { hostedBuilds } from './releases/mapSource.js';
import { createReleaseService } from './releases/releaseService.js';
import { installSignals } from './signals/installSignals.js';
import type { SignalKeys } from './signals/signalKeys.js';
import type { SignalKeyRing } from './signals/signalKeyRing.js';
import type { AlertEngineSettings } from './alerts/alertEngine.js';
import { installAlerts } from './alerts/installAlerts.js';
import { analyticsRoutes } from './analytics/analyticsRoutes.js';
import { breadcrumbRoutes } from './breadcrumbs/breadcrumbRoutes.js';
import { clientLogRoutes } from './logs/clientLogRoutes.js';
import { consentRoutes } from './consent/consentRoutes.js';
import { consoleConsentRoutes } from './consent/consoleConsentRoutes.js';
import { createConsentService } from './consent/createConsentService.js';
import type { ConsentServiceOptions } from './consent/createConsentService.js';
import { consoleApi } from './console/consoleApi.js';
import { perfRoutes } from './perf/perfRoutes.js';
import { searchRoutes } from './search/searchRoutes.js';
import type { VerifyFormToken } from './site/formToken.js';
import { createFormTokenVerifier } from './site/formToken.js';
import { installReplyCompression } from './site/compressReplies.js';
import { installSite } from './site/installSite.js';
import type { Storage } from './storage/types.js';

export type { Storage } from './storage/types.js';
export { createSqliteStorage } from './storage/sqlite/createSqliteStorage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks a form token (`X-CSRF` header) against the request's session; see site/formToken.ts. */
    verifyFormToken: VerifyFormToken;
  }
}

/** Everything the server is built from; `main.ts` fills it from the environment, tests directly. */
export interface AppOptions extends HttpPolicyOptions {
  storage: Storage;
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
  /** Log settings that apply until the operator saves some from the console. */
  logRules?: ClientLogReply;
  /** Largest accepted request body in bytes; defaults to 256 KiB. */
  bodyLimit?: number;
  /**
   * Keys of browser-signal envelopes: a ring (main.ts keeps one in DATA_DIR, rotatable from the
   * console), one pair, or none (a pair made in memory on first use).
   */
  signalKeys?: SignalKeyRing | SignalKeys;
  /** Consent service settings (vendor list path, CMP id…); see consent/createConsentService.ts. */
  consent?: Omit<ConsentServiceOptions, 'storage'>;
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
  await installHttpPolicies(app, options);
  // Before any route, so every reply (errors and 404s included) carries them.
  await installSecurityHeaders(app, { https: options.https ?? false });
  installReplyCompression(app);
  addBeaconJsonParser(app);
  await app.register(cookie);
  app.decorate('verifyFormToken', createFormTokenVerifier(options.sessionSecret));

  const settings = createLogSettings(options.storage, options.logRules);
  // Source maps: uploaded per release, or the hidden maps beside the builds this server hosts.
  const builds = hostedBuilds(options.siteDir ?? defaultPaths.siteDir, options.consoleDir ?? defaultPaths.consoleDir);
  const releases = createReleaseService(options.storage, builds);
  await app.register(clientLogRoutes, { storage: options.storage, settings, releases });
  await app.register(dynamicImportRoutes, { siteDir: options.siteDir ?? defaultPaths.siteDir, version: options.version ?? 'dev' });
  await app.register(perfRoutes, { storage: options.storage });
  await app.register(analyticsRoutes, { storage: options.storage });
  await app.register(searchRoutes);
  const consent = createConsentService({ ...options.consent, storage: options.storage });
  await app.register(consentRoutes, { service: consent });
  await app.register(consoleConsentRoutes, { prefix: '/console/api/consent', storage: options.storage, service: consent, consoleToken: options.consoleToken });
  await app.register(consoleApi, {
    prefix: '/console/api',
    storage: options.storage,
    settings,
    consoleToken: options.consoleToken,
    releases,
  });
  await installAlerts(app, { storage: options.storage, consoleToken: options.consoleToken, settings: options.alerts });
  await app.register(breadcrumbRoutes, { prefix: '/console/api', storage: options.storage, consoleToken: options.consoleToken });
  await installSignals(app, { storage: options.storage, consoleToken: options.consoleToken, signalKeys: options.signalKeys });
  await installSite(app, {
    siteDir: options.siteDir ?? defaultPaths.siteDir,
    consoleDir: options.consoleDir ?? defaultPaths.consoleDir,
    sessionSecret: options.sessionSecret,
    version: options.version ?? 'dev',
    https: options.https ?? false,
  });
  return app;
}
