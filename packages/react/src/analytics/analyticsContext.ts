import { createContext } from 'react';
import type { Analytics } from '@tarmac/platform/analytics';

/**
 * The page's analytics instance for hooks below an `<AnalyticsProvider>`. Kept apart from the
 * platform context so a page without analytics pays nothing for it.
 */
export const AnalyticsContext = createContext<Analytics | undefined>(undefined);
