import { useContext, useEffect } from 'react';
import { usePageView } from '@tarmac/react';
import { PerfReportingContext } from '../platform/PerfReportingContext';
import type { VerticalId } from './verticals';

/**
 * Makes each results page a page of its own for analytics and performance: a virtual page view
 * `/vs/page/{vertical}/results/page-{n}`, and a route change told to the page's performance
 * reporter, which sends the view that ends and measures this one on its own (`nav=soft`: the
 * route's LCP, FCP, CLS and INP where the browser measures soft navigations, never the first
 * load's timings again). Keyed by search and page, so each view counts once.
 */
export function ResultsPageReport({ vertical, page }: { vertical: VerticalId; page: number }) {
  const perf = useContext(PerfReportingContext);
  const subPageId = `page-${page}`;
  usePageView({ vertical, pageId: 'results', subPageId });
  useEffect(() => {
    perf?.softNavigation({ vertical, pageId: 'results', subPageId });
  }, [perf, vertical, subPageId]);
  return null;
}
