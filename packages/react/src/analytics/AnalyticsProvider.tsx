import type { ReactNode } from 'react';
import type { Analytics } from '@tarmac/platform/analytics';
import { AnalyticsContext } from './analyticsContext.js';

/** Props of {@link AnalyticsProvider}. */
export interface AnalyticsProviderProps {
  /** Created by the host with `createAnalytics`, which owns its lifetime. */
  analytics: Analytics;
  children?: ReactNode;
}

/** Makes the host's analytics available to `useAnalytics` and `usePageView` below it. */
export function AnalyticsProvider({ analytics, children }: AnalyticsProviderProps) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}
