import { useEffect } from 'react';
import { startPerformanceReporting } from '@tarmac/platform/perf';
import { useLogger, usePageView } from '@tarmac/react';
import { readMeta } from '../platform/readMeta';
import type { VerticalId } from './verticals';

/**
 * Makes each results page a page of its own for analytics and performance: a virtual page view
 * `/vs/page/{vertical}/results/page-{n}` and a performance report with the same ids, sent once
 * the page's results are on screen (two frames later: after the browser has painted them).
 * Rendered only while results show, and keyed by search and page, so each view counts once.
 */
export function ResultsPageReport({ vertical, page }: { vertical: VerticalId; page: number }) {
  const logger = useLogger();
  const subPageId = `page-${page}`;
  usePageView({ vertical, pageId: 'results', subPageId });
  useEffect(() => {
    const report = startPerformanceReporting({ vertical, pageId: 'results', subPageId, pageTag: readMeta('r9-version') ?? 'dev', manual: true, logger });
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => report.send());
    });
    // A view left before it painted (or StrictMode's trial mount) sends nothing.
    return () => {
      cancelAnimationFrame(frame);
      report.stop();
    };
  }, [vertical, subPageId, logger]);
  return null;
}
