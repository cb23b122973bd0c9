import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, Area, AreaChart } from 'recharts';
import { usePolling } from '../hooks/usePolling';
import type { SectionProps } from '../sections/sections';
import { choiceShareRows, fetchConsentSummary, purposeShareRows, totals } from './consentApi';
import type { ConsentSummary } from './consentApi';
import './consent.css';

const WINDOWS = [7, 30, 90];
const COLORS = ['#3b5bdb', '#f08c00', '#2b8a3e', '#c2255c', '#1098ad', '#7048e8', '#e8590c', '#5c940d', '#868e96', '#d6336c', '#364fc7'];
const pct = (value: number) => `${value}%`;

/**
 * The Consent section: how visitors answer the banner (accept all, reject all, custom) and
 * the share consenting to each purpose, per day. Each visitor counts once a day, by their last
 * choice, so a visitor who changes their mind moves between the lines instead of adding to both.
 */
export function ConsentView({ client }: SectionProps) {
  const [days, setDays] = useState(30);
  const [data, setData] = useState<ConsentSummary>();
  const [error, setError] = useState<Error>();
  usePolling(
    async (signal) => {
      try {
        setData(await fetchConsentSummary(client, days, signal));
        setError(undefined);
      } catch (failure) {
        if (!signal.aborted) setError(failure as Error);
      }
    },
    { intervalMs: 30_000, key: String(days) },
  );
  const sum = data ? totals(data.days) : undefined;

  return (
    <div className="consent-view">
      <div className="toolbar">
        <label className="filter">
          Window
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {WINDOWS.map((d) => (
              <option key={d} value={d}>Last {d} days</option>
            ))}
          </select>
        </label>
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load consent data: {error.message}</p> : null}
      {!data || !sum ? (
        <p className="muted">Loading…</p>
      ) : data.days.length == 0 ? (
        <p className="muted" data-testid="consent-empty">No consent choices in this window yet.</p>
      ) : (
        <>
          <div className="consent-view__cards" data-testid="consent-totals">
            <div className="consent-view__card"><span>Visitor-days</span><strong>{sum.visitors}</strong></div>
            <div className="consent-view__card"><span>Accept all</span><strong>{pct(sum.acceptShare)}</strong></div>
            <div className="consent-view__card"><span>Reject all</span><strong>{pct(sum.rejectShare)}</strong></div>
            <div className="consent-view__card"><span>Custom</span><strong>{pct(sum.customShare)}</strong></div>
          </div>
          <section className="consent-view__panel" aria-label="Share of visitors by choice">
            <h3>Share of visitors by choice</h3>
            <ResponsiveContainer width="100%" height={260}>
              <AreaChart data={choiceShareRows(data.days)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" />
                <XAxis dataKey="day" fontSize={12} minTickGap={16} />
                <YAxis domain={[0, 100]} tickFormatter={pct} fontSize={12} width={44} />
                <Tooltip formatter={(value) => pct(Number(value))} />
                <Legend />
                <Area type="monotone" dataKey="accept_all" name="Accept all" stackId="c" stroke="#2b8a3e" fill="#d3f9d8" isAnimationActive={false} />
                <Area type="monotone" dataKey="custom" name="Custom" stackId="c" stroke="#f08c00" fill="#ffe8cc" isAnimationActive={false} />
                <Area type="monotone" dataKey="reject_all" name="Reject all" stackId="c" stroke="#c92a2a" fill="#ffe3e3" isAnimationActive={false} />
              </AreaChart>
            </ResponsiveContainer>
          </section>
          <section className="consent-view__panel" aria-label="Share of visitors consenting per purpose">
            <h3>Consent per purpose</h3>
            <ResponsiveContainer width="100%" height={300}>
              <LineChart data={purposeShareRows(data.days, data.purposes.map((p) => p.id))} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" />
                <XAxis dataKey="day" fontSize={12} minTickGap={16} />
                <YAxis domain={[0, 100]} tickFormatter={pct} fontSize={12} width={44} />
                <Tooltip formatter={(value) => pct(Number(value))} />
                <Legend />
                {data.purposes.map((p, i) => (
                  <Line key={p.id} type="monotone" dataKey={`p${p.id}`} name={`${p.id}. ${p.name}`} stroke={COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </section>
        </>
      )}
    </div>
  );
}
