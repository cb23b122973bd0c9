import { useState } from 'react';
import { WindowSelect } from '../charts/WindowSelect';
import { WINDOWS } from '../charts/timeWindows';
import { usePolledData } from '../hooks/usePolledData';
import type { SectionProps } from '../sections/sections';
import { DropTimeline } from './DropTimeline';
import { productTotals, reasonTotals, sourceTotals } from './dropRows';
import { fetchDrops } from './dropsApi';
import type { DropSummary } from './dropTypes';
import { ProductTable } from './ProductTable';
import { ReasonTable } from './ReasonTable';
import './delivery.css';

/**
 * The Delivery section: what pages gave up instead of sending (their drop reports), per source
 * and reason, over time and in total, with what each reason means and what to do about it. An
 * operator reads here whether the other dashboards are missing data, and why.
 */
export function DeliveryView({ client }: SectionProps) {
  const [hours, setHours] = useState<number>(24);
  const { data, error } = usePolledData<DropSummary>((signal) => fetchDrops(client, hours, signal), {
    intervalMs: 15_000,
    key: String(hours),
  });
  const windowLabel = (WINDOWS.find((w) => w.value === hours)?.label ?? `Last ${hours} hours`).toLowerCase();
  const sums = data ? sourceTotals(data.totals) : undefined;

  return (
    <div className="delivery">
      <div className="toolbar">
        <WindowSelect value={hours} choices={WINDOWS} onChange={setHours} />
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load drop counts: {error.message}</p> : null}
      {!data || !sums ? (
        <p className="muted">Loading…</p>
      ) : data.totals.length === 0 ? (
        <p className="notice notice--ok" data-testid="drops-empty">
          Nothing was dropped in the {windowLabel}: no page reported giving up a log message or an analytics hit.
        </p>
      ) : (
        <>
          <div className="delivery__totals" data-testid="drops-totals">
            <div>Log occurrences dropped<strong data-testid="drops-total-logs">{sums.logs}</strong></div>
            <div>Analytics hits dropped<strong data-testid="drops-total-analytics">{sums.analytics}</strong></div>
          </div>
          <div className="delivery__grid">
            {(['logs', 'analytics'] as const).map((source) => (
              <section key={source} className="delivery__panel" aria-label={`${source} dropped over time`}>
                <h2>{source === 'logs' ? 'Log occurrences dropped over time' : 'Analytics hits dropped over time'}</h2>
                {sums[source] === 0 ? <p className="muted">Nothing dropped in this window.</p> : <DropTimeline summary={data} source={source} />}
              </section>
            ))}
          </div>
          <ReasonTable rows={reasonTotals(data.totals)} />
          {data.byProduct.length > 0 ? (
            <section className="delivery__panel" aria-label="Log drops per product">
              <h2>Log drops per product</h2>
              <ProductTable rows={productTotals(data.byProduct)} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
