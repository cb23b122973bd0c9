import { useEffect, useRef } from 'react';
import type { AnalyticsContext as PageContext } from '@tarmac/platform/analytics';
import { useAnalytics } from './useAnalytics.js';

/**
 * Records a virtual page view when the component shows a page, and again whenever the page
 * (any field of `page`, e.g. a new subPageId) changes, never on a plain re-render. A remount of
 * the same page by React's StrictMode is not counted twice.
 */
export function usePageView(page: PageContext): void {
  const analytics = useAnalytics();
  const key = JSON.stringify(page);
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    analytics.trackPageView(JSON.parse(key) as PageContext);
  }, [analytics, key]);
}
