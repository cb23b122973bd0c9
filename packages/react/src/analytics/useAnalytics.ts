import { useContext } from 'react';
import type { Analytics } from '@tarmac/platform/analytics';
import { AnalyticsContext } from './analyticsContext.js';

/**
 * The analytics of the nearest `<AnalyticsProvider>`. Throws when there is none: silently
 * losing every event would only show up weeks later as a hole in the dashboards.
 */
export function useAnalytics(): Analytics {
  const analytics = useContext(AnalyticsContext);
  if (!analytics) throw new Error('useAnalytics() must be used inside <AnalyticsProvider analytics={…}>.');
  return analytics;
}
