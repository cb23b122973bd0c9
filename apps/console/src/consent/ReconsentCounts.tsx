import type { ConsentDay } from './consentApi';
import { reconsentTotals } from './consentRows';

/**
 * How many visitors answered the banner because they were asked again, by why: the choice
 * expired, a new vendor list brought vendors the site uses, the site added vendors, or the TCF
 * policy changed. Each visitor counts once per reason and day.
 */
export function ReconsentCounts({ days }: { days: ConsentDay[] }) {
  const { byReason, total } = reconsentTotals(days);
  return (
    <div className="consent-view__cards" data-testid="consent-reconsents">
      <div className="consent-view__card">
        <span>Re-consents</span>
        <strong>{total}</strong>
        <small className="muted">visitors asked again who answered</small>
      </div>
      {byReason.map((r) => (
        <div key={r.key} className="consent-view__card" data-reason={r.key}>
          <span>{r.label}</span>
          <strong>{r.visitors}</strong>
        </div>
      ))}
    </div>
  );
}
