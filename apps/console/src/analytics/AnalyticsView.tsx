import { useState } from 'react';
import { usePolledData } from '../hooks/usePolledData';
import { WindowSelect } from '../charts/WindowSelect';
import type { SectionProps } from '../sections/sections';
import { WINDOWS, windowLabel } from '../charts/timeWindows';
import { EmptyState } from '../layout/EmptyState';
import { analyticsQuery, fetchAnalytics } from './analyticsApi';
import type { AnalyticsFilters } from './analyticsTypes';
import { BreakdownChart } from './BreakdownChart';
import { HitsTimeline } from './HitsTimeline';
import { InteractionPie } from './InteractionPie';
import { TopPaths } from './TopPaths';
import './analytics.css';

type AnalyticsData = Awaited<ReturnType<typeof fetchAnalytics>>;

/**
 * The Analytics section: totals, page views and events over time, breakdowns by vertical,
 * locale and affiliate (a bar narrows the view to that value), interaction vs automatic
 * events, and the top virtual paths of page views and of events.
 */
export function AnalyticsView({ client }: SectionProps) {
  const [hours, setHours] = useState<number>(24);
  const [filters, setFilters] = useState<AnalyticsFilters>({});
  const { data, error } = usePolledData<AnalyticsData>(
    (signal) => fetchAnalytics(client, analyticsQuery(hours, filters), signal),
    { intervalMs: 10_000, key: JSON.stringify([hours, filters]) },
  );
  const pick = (field: keyof AnalyticsFilters) => (key: string) => key && setFilters({ ...filters, [field]: key });
  const active = Object.entries(filters).filter(([, v]) => v);

  return (
    <div className="analytics">
      <div className="toolbar">
        <WindowSelect value={hours} choices={WINDOWS} onChange={setHours} />
        <div className="toolbar__end">
          {active.map(([field, value]) => (
            <button key={field} type="button" className="btn btn--ghost btn--small" onClick={() => setFilters({ ...filters, [field]: undefined })}>
              {field}: {value} ✕
            </button>
          ))}
        </div>
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load analytics: {error.message}</p> : null}
      {!data ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <div className="analytics__totals" data-testid="analytics-totals">
            <div>Page views<strong>{data.summary.totals.pageViews}</strong></div>
            <div>Events<strong>{data.summary.totals.events}</strong></div>
            <div>Non-interaction events<strong>{data.summary.totals.nonInteraction}</strong></div>
          </div>
          {data.summary.totals.pageViews + data.summary.totals.events === 0 ? (
            <EmptyState title={`No page views or events yet in the ${windowLabel(hours)}`} testId="analytics-empty">
              Open the site, accept measurement in its consent banner and browse: every page view, search and click on a
              result sends a hit, counted here within seconds.
            </EmptyState>
          ) : (
            <>
              <section className="analytics__panel" aria-label="Page views and events over time">
                <h2>Page views and events over time</h2>
                <HitsTimeline buckets={data.timeline.buckets} bucketMs={data.timeline.bucketMs} />
              </section>
              <div className="analytics__grid">
                <BreakdownChart title="By vertical" counts={data.summary.byVertical} onPick={pick('vertical')} />
                <BreakdownChart title="By locale" counts={data.summary.byLocale} onPick={pick('locale')} />
                <BreakdownChart title="By affiliate" counts={data.summary.byAffiliate} onPick={pick('affiliate')} />
                <InteractionPie events={data.summary.totals.events} nonInteraction={data.summary.totals.nonInteraction} />
              </div>
              <div className="analytics__grid">
                <TopPaths title="Top page-view paths" paths={data.pagePaths} field="pageViews" />
                <TopPaths title="Top event paths" paths={data.eventPaths} field="events" />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
