import { createContext } from 'react';
import type { AttributedPerfReporting } from '@tarmac/platform/perf/attribution';

/**
 * The page's one performance reporter, for the components that start a route of their own (the
 * results pages): they announce it, the reporter sends the view that ends and measures the new one.
 */
export const PerfReportingContext = createContext<AttributedPerfReporting | undefined>(undefined);
