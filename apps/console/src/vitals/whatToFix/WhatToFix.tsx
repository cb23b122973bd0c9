import { THRESHOLDS } from '@tarmac/platform/perf';
import { usePolledData } from '../../hooks/usePolledData';
import type { ConsoleClient } from '../../api/client';
import { formatMetric, pageLabel, vitalsQuery } from '../vitalsApi';
import type { AttributedMetric, AttributionSummary, PageFilter } from '../vitalsTypes';
import { hintFor } from './hints';
import { SubpartBar, SubpartLegend } from './SubpartBar';

const FIXABLE: AttributedMetric[] = ['LCP', 'INP', 'CLS'];
const KIND_LABELS = { element: 'element', script: 'script', url: 'resource' } as const;

/** The attribution of LCP, INP and CLS for one page over the last `hours`, in parallel. */
async function fetchAttribution(client: ConsoleClient, hours: number, page: PageFilter, signal?: AbortSignal) {
  return Promise.all(FIXABLE.map((metric) => client.get<AttributionSummary>(`/vitals/attribution${vitalsQuery(hours, page, { metric })}`, signal)));
}

/** Over the good limit: the metrics the view explains. */
const overThreshold = (summary: AttributionSummary) => summary.p75 !== null && summary.p75 > THRESHOLDS[summary.metric][0];

/**
 * "What to fix" for one page: for each of LCP, INP and CLS whose p75 is over its good limit, the
 * subparts as a stacked bar with a hint for the largest, and the worst offenders (the elements,
 * scripts and resources that explain most of the page's time) each with its own bar.
 */
export function WhatToFix({ client, page, hours, onClose }: { client: ConsoleClient; page: PageFilter; hours: number; onClose(): void }) {
  const { data, error } = usePolledData((signal) => fetchAttribution(client, hours, page, signal), { intervalMs: 30_000, key: JSON.stringify([hours, page]) });
  const slow = data?.filter(overThreshold) ?? [];
  return (
    <section className="fix" aria-label="What to fix" data-testid="what-to-fix">
      <div className="toolbar">
        <h2 className="panel-title">What to fix on {pageLabel(page)}</h2>
        <button type="button" className="btn btn--ghost" onClick={onClose}>Back to all vitals</button>
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load the attribution: {error.message}</p> : null}
      {!data ? <p className="muted">Loading…</p> : null}
      {data && slow.length === 0 ? <p className="muted" data-testid="fix-none">Every metric of this page is within its good limit: nothing to fix here.</p> : null}
      {slow.map((summary) => (
        <MetricFix key={summary.metric} summary={summary} />
      ))}
    </section>
  );
}

function MetricFix({ summary }: { summary: AttributionSummary }) {
  const { metric } = summary;
  const format = (value: number) => formatMetric(metric, value);
  const hint = hintFor(metric, summary.subparts);
  const names = Object.keys(summary.subparts);
  return (
    <article className="vitals__panel fix__metric" data-testid={`fix-${metric}`}>
      <h3>
        {metric} p75 {formatMetric(metric, summary.p75)} <span className="muted small">over {summary.reports} page views</span>
      </h3>
      {names.length ? (
        <>
          <SubpartBar subparts={summary.subparts} format={format} />
          <SubpartLegend names={names} />
        </>
      ) : null}
      {hint ? <p className="fix__hint" data-testid={`hint-${metric}`}>{hint}</p> : null}
      {summary.offenders.length === 0 ? (
        <p className="muted small">No attribution in these reports: pages send it with @tarmac/platform/perf/attribution.</p>
      ) : (
        <ol className="fix__offenders" data-testid={`offenders-${metric}`}>
          {summary.offenders.slice(0, 10).map((offender) => (
            <li key={`${offender.kind} ${offender.target}`} className="fix__offender">
              <span className="fix__kind">{KIND_LABELS[offender.kind]}</span>
              <code className="fix__target" title={offender.target}>{offender.target}</code>
              <span className="muted small">
                p75 {formatMetric(metric, offender.p75)} · {offender.count} views
              </span>
              {names.length ? <SubpartBar subparts={offender.subparts} format={format} /> : null}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
