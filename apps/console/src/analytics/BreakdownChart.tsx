import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { keyLabel } from './analyticsApi';
import type { AnalyticsCount } from './analyticsTypes';

/** Page views and events per value of one dimension (vertical, locale, affiliate), biggest first. */
export function BreakdownChart({ title, counts, onPick }: { title: string; counts: AnalyticsCount[]; onPick?(key: string): void }) {
  const data = counts.slice(0, 10).map((c) => ({ ...c, label: keyLabel(c.key) }));
  return (
    <section className="analytics__panel" aria-label={title}>
      <h3>{title}</h3>
      {data.length === 0 ? (
        <p className="muted small">Nothing in this window.</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(120, data.length * 34 + 40)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="label" fontSize={12} width={90} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="pageViews"
              name="Page views"
              fill="#4c6ef5"
              isAnimationActive={false}
              onClick={(entry) => onPick?.(String((entry as unknown as { key: string | null }).key ?? ''))}
            />
            <Bar dataKey="events" name="Events" fill="#f59f00" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
