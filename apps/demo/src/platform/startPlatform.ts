import { startBreadcrumbs } from '@tarmac/platform/breadcrumbs';
import { captureGlobalErrors, createLogger } from '@tarmac/platform/logger';
import type { Logger } from '@tarmac/platform/logger';
import type { Analytics } from '@tarmac/platform/analytics';
import { installConsentApi } from '@tarmac/platform/consent';
import type { ConsentHandler } from '@tarmac/platform/consent';
import { startConsentMode } from '@tarmac/platform/consent/google';
import { headConsent } from '@tarmac/platform/consent/head';
import type { GppHandler } from '@tarmac/platform/consent/head';
import { startPerformanceReporting } from '@tarmac/platform/perf/attribution';
import type { AttributedPerfReporting } from '@tarmac/platform/perf/attribution';
import { startSignalCollection } from '@tarmac/platform/signals';
import type { DemoLocale } from '../locale/pageLocale';
import { readMeta } from './readMeta';
import { startAnalytics } from './startAnalytics';

/** The platform instances the demo site runs with, created once per page. */
export interface DemoPlatform {
  logger: Logger;
  analytics: Analytics;
  consent: ConsentHandler;
  /** Performance reports with attribution; results pages announce their routes to it. */
  perf: AttributedPerfReporting;
  /** `window.__gpp`, when the head script answers it (a build with consent/gpp, a server-rendered page). */
  gpp?: GppHandler;
  stop(): void;
}

/**
 * Creates the logger and hooks global errors before React mounts, so even a crash in the
 * first render reaches the server.
 */
export function startPlatform(locale: DemoLocale): DemoPlatform {
  // Google Consent Mode v2 defaults (all denied) before anything can push to the dataLayer; the
  // inline CMP stub queues its listener until the real CMP below takes over.
  const consentMode = startConsentMode();
  const version = readMeta('r9-version');
  const logger = createLogger({ product: 'demo', ...(version ? { context: { r9Version: version } } : {}) });
  // Before anything else logs: every error this page sends carries the clicks, navigations,
  // console calls and requests that led to it.
  const breadcrumbs = startBreadcrumbs(logger);
  const uncapture = captureGlobalErrors(logger);
  // One performance report per view of this page (the load, then each results route), with what
  // made it slow (docs/perf.md), sent when the view ends or the visitor leaves or hides the page.
  const perf = startPerformanceReporting({ vertical: 'flights', pageId: 'home', subPageId: 'search', pageTag: version ?? 'dev', logger });
  // The CMP goes first: analytics finds it and waits for measurement consent (docs/consent.md).
  // The inline head script usually started it already, from the consent data in the page: take
  // that one over (one `__tcfapi`, its listeners kept); only a page without that data (vite dev)
  // starts one here, which asks the server.
  const head = headConsent();
  head?.useLogger(logger);
  const consent = head?.consent ?? installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: () => readMeta('form-token'), logger });
  const analytics = startAnalytics(logger, locale);
  // Fraud prevention runs without a consent gate (TCF special purpose 1, docs/signals.md).
  const formToken = readMeta('form-token');
  const signals = formToken ? startSignalCollection({ token: formToken, logger }) : undefined;
  return {
    logger,
    analytics,
    consent,
    perf,
    gpp: head?.gpp,
    stop() {
      consentMode.stop();
      head?.gpp?.stop();
      analytics.stop();
      consent.stop();
      perf.stop();
      uncapture();
      breadcrumbs.stop();
      signals?.stop();
      logger.stop();
    },
  };
}
