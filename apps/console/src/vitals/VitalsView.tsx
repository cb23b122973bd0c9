import { useState } from 'react';
import { usePolledData } from '../hooks/usePolledData';
import { WindowSelect } from '../charts/WindowSelect';
import type { SectionProps } from '../sections/sections';
import { WINDOWS, windowLabel } from '../charts/timeWindows';
import { EmptyState } from '../layout/EmptyState';
import { DistributionChart } from './DistributionChart';
import { MetricCards } from './MetricCards';
import { NavigationChart } from './NavigationChart';
import { P75Timeline } from './P75Timeline';
import { PagesTable } from './PagesTable';
import { WhatToFix } from './whatToFix/WhatToFix';
import { BROWSERS, METRICS, fetchVitals, pageLabel, vitalsQuery } from './vitalsApi';
import type { BrowserFamily, MetricName, PageFilter } from './vitalsTypes';
import './vitals.css';

type VitalsData = Awaited<ReturnType<typeof fetchVitals>>;

/**
 * The Web vitals section: p75 (with p90, p99), rating shares and how many reports carry each
 * metric, the selected metric over time and as a distribution, the mean page-load phases, and
 * every page's p75s, for every browser or one family. A page row narrows the whole dashboard to
 * that page; its "What to fix" opens the page's attribution view (every browser's).
 */
export function VitalsView({ client }: SectionProps) {
  const [hours, setHours] = useState<number>(24);
  const [page, setPage] = useState<PageFilter>({});
  const [metric, setMetric] = useState<MetricName>('LCP');
  const [browser, setBrowser] = useState<BrowserFamily | ''>('');
  const [fixing, setFixing] = useState<PageFilter | null>(null);
  const key = JSON.stringify([hours, page, metric, browser]);
  const { data, error } = usePolledData<VitalsData>(
    (signal) => fetchVitals(client, vitalsQuery(hours, page, browser ? { browser } : {}), metric, signal),
    { intervalMs: 15_000, key },
  );
  const filtered = Boolean(page.vertical || page.pageId || page.subPageId);
  if (fixing) {
    return (
      <div className="vitals">
        <WhatToFix client={client} page={fixing} hours={hours} onClose={() => setFixing(null)} />
      </div>
    );
  }

  return (
    <div className="vitals">
      <div className="toolbar">
        <div className="filters">
          <WindowSelect value={hours} choices={WINDOWS} onChange={setHours} />
          <label className="filter">
            Metric
            <select value={metric} onChange={(event) => setMetric(event.target.value as MetricName)}>
              {METRICS.map((m) => (
                <option key={m.name} value={m.name}>{m.name} — {m.label}</option>
              ))}
            </select>
          </label>
          <label className="filter">
            Browser
            <select value={browser} data-testid="vitals-browser" onChange={(event) => setBrowser(event.target.value as BrowserFamily | '')}>
              <option value="">All browsers</option>
              {BROWSERS.map((b) => (
                <option key={b.value} value={b.value}>{b.label}</option>
              ))}
            </select>
          </label>
        </div>
        {filtered ? (
          <button type="button" className="btn btn--ghost" onClick={() => setPage({})}>
            Page: {pageLabel(page)} ✕
          </button>
        ) : null}
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load web vitals: {error.message}</p> : null}
      {!data ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <p className="muted small" data-testid="vitals-count">
            {data.summary.count.toLocaleString('en-US')} page views reported{browser ? ` from ${BROWSERS.find((b) => b.value === browser)?.label}` : ''}
          </p>
          {data.summary.count === 0 ? (
            <EmptyState title={`No reports yet in the ${windowLabel(hours)}`} testId="vitals-empty">
              Open the site and browse: each page sends its web vitals (LCP, INP, CLS…) and load timings when it is
              hidden or left, so they appear here a few seconds after you leave a page.
            </EmptyState>
          ) : (
            <>
              <MetricCards metrics={data.summary.metrics} reports={data.summary.count} selected={metric} onSelect={setMetric} />
              <div className="vitals__grid">
                <section className="vitals__panel" aria-label={`${metric} p75 over time`}>
                  <h2>{metric} p75 over time</h2>
                  <P75Timeline metric={metric} buckets={data.timeline.buckets} bucketMs={data.timeline.bucketMs} />
                </section>
                <section className="vitals__panel" aria-label={`${metric} distribution`}>
                  <h2>{metric} distribution</h2>
                  <DistributionChart metric={metric} bins={data.distribution.bins} />
                </section>
              </div>
              <section className="vitals__panel" aria-label="Navigation timing">
                <h2>Page load phases (average)</h2>
                <NavigationChart navigation={data.summary.navigation} />
              </section>
              <section aria-label="Pages">
                <h2 className="panel-title">Pages</h2>
                <PagesTable pages={data.pages} onSelect={setPage} onFix={setFixing} />
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
