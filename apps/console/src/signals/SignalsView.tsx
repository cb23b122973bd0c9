import { useState } from 'react';
import type { SectionProps } from '../sections/sections';
import { usePolledData } from '../hooks/usePolledData';
import { WindowSelect } from '../charts/WindowSelect';
import { CountBars } from './CountBars';
import { reasonLabel } from './reasonLabels';
import { WINDOWS, windowLabel } from '../charts/timeWindows';
import { EmptyState } from '../layout/EmptyState';
import { automationShare, fetchSignalSummary } from './signalsApi';
import type { SignalSummary } from './signalTypes';
import { TrafficChart } from './TrafficChart';
import './signals.css';

/**
 * The Signals section: how much traffic is automation and why, and the spread of time zones,
 * languages and screens, so an operator can see a bot wave and what gave it away.
 */
export function SignalsView({ client }: SectionProps) {
  const [hours, setHours] = useState<number>(24);
  const { data: summary, error } = usePolledData<SignalSummary>(
    (signal) => fetchSignalSummary(client, hours, signal),
    { intervalMs: 10_000, key: String(hours) },
  );
  const share = summary ? automationShare(summary.totals) : null;

  return (
    <div className="signals">
      <div className="toolbar">
        <WindowSelect value={hours} choices={WINDOWS} onChange={setHours} />
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load signals: {error.message}</p> : null}
      {!summary ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <div className="signals__totals" data-testid="signals-totals">
            <div className="signals__total">People<strong>{summary.totals.people}</strong></div>
            <div className="signals__total">Automation<strong>{summary.totals.automation}</strong></div>
            <div className="signals__total">
              Automation share<strong>{share === null ? '—' : `${Math.round(share * 100)}%`}</strong>
            </div>
            <div className="signals__total">Fallback hits<strong>{summary.totals.fallback}</strong></div>
          </div>
          {summary.totals.people + summary.totals.automation + summary.totals.fallback === 0 ? (
            <EmptyState title={`No signals reports yet in the ${windowLabel(hours)}`} testId="signals-empty">
              Open the site and browse: each visit sends one encrypted report of its browser signals, and the server
              judges it a person or automation.
            </EmptyState>
          ) : (
            <>
              <section className="signals__card" aria-label="People and automation over time">
                <h2>People and automation over time</h2>
                <TrafficChart buckets={summary.buckets} bucketMs={summary.bucketMs} since={summary.since} until={summary.since + hours * 3_600_000} />
              </section>
              <div className="signals__grid">
                <CountBars title="Top reasons" counts={summary.topReasons} color="#e03131" labelFor={reasonLabel} />
                <CountBars title="Time zones" counts={summary.timeZones} />
                <CountBars title="Languages" counts={summary.languages} />
                <CountBars title="Screen sizes" counts={summary.screens} />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
