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
import { readPagePrivacy } from '../privacy/pageRegime';
import type { PagePrivacy } from '../privacy/pageRegime';
import { startPageGpp } from '../privacy/pageGpp';
import { createUsChoices } from '../privacy/usChoices';
import type { UsChoices } from '../privacy/usChoices';
import { readMeta } from './readMeta';
import { startAnalytics } from './startAnalytics';

/** The platform instances the demo site runs with, created once per page. */
export interface DemoPlatform {
  logger: Logger;
  analytics: Analytics;
  consent: ConsentHandler;
  /** Performance reports with attribution; results pages announce their routes to it. */
  perf: AttributedPerfReporting;
  /** `window.__gpp`: the head script's when it started one, else started here. */
  gpp: GppHandler;
  /** The visitor's regime, as the server rendered it into the page. */
  privacy: PagePrivacy;
  /** A US visitor's choices ("Your Privacy Choices"); absent outside the 'usnat' regime. */
  usChoices?: UsChoices;
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
  // `__gpp` on every page, from the regime and US choices the server rendered: the head script's
  // (already fed that data, and saving a browser GPC itself), else one started here.
  const privacy = readPagePrivacy();
  const gpp = head?.gpp ?? startPageGpp(privacy, logger);
  // A US visitor: their choices, saved from the footer's dialog (or by GPC without a click, unless
  // the head script's handler does that); each saved answer updates `__gpp`.
  const usChoices = privacy.usnat
    ? createUsChoices({
        initial: privacy.usnat,
        requestGpc: privacy.gpc,
        formToken: () => readMeta('form-token'),
        language: locale,
        gpp,
        saveGpc: !head?.gpp,
        logger,
      })
    : undefined;
  const analytics = startAnalytics(logger, locale);
  // Fraud prevention runs without a consent gate (TCF special purpose 1, docs/signals.md).
  const formToken = readMeta('form-token');
  const signals = formToken ? startSignalCollection({ token: formToken, logger }) : undefined;
  return {
    logger,
    analytics,
    consent,
    perf,
    gpp,
    privacy,
    usChoices,
    stop() {
      consentMode.stop();
      analytics.stop();
      consent.stop();
      gpp.stop();
      perf.stop();
      uncapture();
      breadcrumbs.stop();
      signals?.stop();
      logger.stop();
    },
  };
}
