import { useState } from 'react';
import { usePolledData } from '../hooks/usePolledData';
import { WindowSelect } from '../charts/WindowSelect';
import { EmptyState } from '../layout/EmptyState';
import type { SectionProps } from '../sections/sections';
import { ChoiceBars } from './ChoiceBars';
import { CountryConsent } from './CountryConsent';
import { fetchConsentSummary, totals } from './consentApi';
import type { ConsentSummary } from './consentApi';
import { fillDays } from './consentRows';
import { PurposeShares } from './PurposeShares';
import { PurposeTrend } from './PurposeTrend';
import { ReconsentCounts } from './ReconsentCounts';
import { VendorChoices } from './VendorChoices';
import './consent.css';

const WINDOWS = [7, 30, 90].map((days) => ({ value: days, label: `Last ${days} days` }));
const pct = (value: number) => `${value}%`;

/**
 * The Consent section: how visitors answer the banner (accept all, reject all, custom) per day,
 * the share consenting to each purpose over the window and, with two days or more, per day, each
 * vendor's consents and legitimate-interest objections, and how many visitors were asked again.
 * Each visitor counts once a day, by their last choice, so a visitor who changes their mind
 * moves between the segments instead of adding to both. Per country, US opt-outs and GPC sit
 * beside the TCF choices (a US visitor answers "Your Privacy Choices", not the banner).
 */
export function ConsentView({ client }: SectionProps) {
  const [days, setDays] = useState(30);
  const { data, error } = usePolledData<ConsentSummary>(
    (signal) => fetchConsentSummary(client, days, signal),
    { intervalMs: 30_000, key: String(days) },
  );
  const sum = data ? totals(data.days) : undefined;

  return (
    <div className="consent-view">
      <div className="toolbar">
        <WindowSelect value={days} choices={WINDOWS} onChange={setDays} />
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load consent data: {error.message}</p> : null}
      {!data || !sum ? (
        <p className="muted">Loading…</p>
      ) : data.days.length === 0 && data.countries.length === 0 ? (
        <EmptyState title={`No consent choices yet in the last ${days} days`} testId="consent-empty">
          Open the site and answer its consent banner (accept, reject or choose purposes), or its “Your Privacy
          Choices” link from the US: each visitor’s choice is counted here once a day.
        </EmptyState>
      ) : (
        <>
          {data.days.length ? (
            <div className="consent-view__cards" data-testid="consent-totals">
              <div className="consent-view__card" title="Visitors who made a consent choice, each counted once per UTC day by their last choice that day">
                <span>Visitors who chose</span><strong>{sum.visitors}</strong><small className="muted">each counted once a day</small>
              </div>
              <div className="consent-view__card"><span>Accept all</span><strong>{pct(sum.acceptShare)}</strong></div>
              <div className="consent-view__card"><span>Reject all</span><strong>{pct(sum.rejectShare)}</strong></div>
              <div className="consent-view__card"><span>Custom</span><strong>{pct(sum.customShare)}</strong></div>
            </div>
          ) : null}
          {data.countries.length ? (
            <section className="consent-view__panel" aria-label="Choices per country">
              <h2>Per country: TCF choices and US opt-outs, share of visitors who chose, last {days} days</h2>
              <CountryConsent countries={data.countries} />
            </section>
          ) : null}
          {data.days.length ? <TcfPanels days={data.days} purposes={data.purposes} vendors={data.vendors} window={days} /> : null}
        </>
      )}
    </div>
  );
}

/** The TCF banner's answers per day, purpose and vendor, and the re-consents. */
function TcfPanels({ days, purposes, vendors, window }: Pick<ConsentSummary, 'days' | 'purposes' | 'vendors'> & { window: number }) {
  const filled = fillDays(days);
  return (
    <>
      <section className="consent-view__panel" aria-label="Share of visitors by choice">
        <h2>Share of visitors by choice, per day</h2>
        <ChoiceBars days={filled} />
      </section>
      <section className="consent-view__panel" aria-label="Share of visitors consenting per purpose">
        <h2>Consent per purpose: share of visitors who chose, last {window} days</h2>
        <PurposeShares days={days} purposes={purposes} />
      </section>
      <section className="consent-view__panel" aria-label="Choices per vendor">
        <h2>Choices per vendor: share of visitors who chose, last {window} days</h2>
        <VendorChoices days={days} vendors={vendors} />
      </section>
      <section className="consent-view__panel" aria-label="Visitors asked again">
        <h2>Re-consent: visitors asked again who answered, last {window} days</h2>
        <ReconsentCounts days={days} />
      </section>
      {filled.length >= 2 ? (
        <section className="consent-view__panel" aria-label="Consent to one purpose per day">
          <h2>Consent to one purpose, per day</h2>
          <PurposeTrend days={filled} purposes={purposes} />
        </section>
      ) : null}
    </>
  );
}
