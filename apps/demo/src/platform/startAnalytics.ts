import { collectorSink, createAnalytics, dataLayerSink } from '@tarmac/platform/analytics';
import type { Analytics } from '@tarmac/platform/analytics';
import { consentFor } from '@tarmac/platform/consent';
import type { Logger } from '@tarmac/platform/logger';
import type { DemoLocale } from '../locale/pageLocale';

// TCF purposes behind measurement: 1 (store/access information on a device) and 8 (measure
// content performance).
const MEASUREMENT_PURPOSES = [1, 8];

/** A per-tab id, so the console could tell one visit's hits from another's. */
function sessionId(): string {
  try {
    const id = sessionStorage.getItem('tarmac-session') ?? Math.random().toString(36).slice(2, 12);
    sessionStorage.setItem('tarmac-session', id);
    return id;
  } catch {
    return 'no-storage';
  }
}

/**
 * The demo's analytics: the project's collector and a GA4 dataLayer, with the page's locale
 * (switching language reloads the page, so it holds for the page's life),
 * the affiliate from `?affiliate=` (direct traffic otherwise). When the page has a TCF CMP the
 * hits wait for its measurement consent; a page without any CMP (a non-EU deployment) has no
 * gate to wait for.
 */
export function startAnalytics(logger: Logger, locale: DemoLocale): Analytics {
  const params = new URLSearchParams(location.search);
  const hasCmp = typeof (window as { __tcfapi?: unknown }).__tcfapi === 'function';
  return createAnalytics({
    context: {
      locale,
      affiliate: params.get('affiliate') ?? 'direct',
      affiliateskin: params.get('skin') ?? 'default',
      pageId: 'home',
      subPageId: 'search',
      loginState: 'anonymous',
      sessionId: sessionId(),
    },
    sinks: [collectorSink(), dataLayerSink()],
    consent: hasCmp ? consentFor(MEASUREMENT_PURPOSES) : undefined,
    logger,
  });
}
