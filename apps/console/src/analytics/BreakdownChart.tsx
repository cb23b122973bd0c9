import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidth } from '../charts/axisWidth';
import { keyLabel } from './analyticsApi';
import type { AnalyticsCount } from './analyticsTypes';

/**
 * Page views and events per value of one dimension (vertical, locale, affiliate), biggest first.
 * A measure with no hits in the window is hidden and left out of the legend, which names only
 * what is drawn. Both bars stay mounted: recharts orders series by when they mount.
 */
export function BreakdownChart({ title, counts, onPick }: { title: string; counts: AnalyticsCount[]; onPick?(key: string): void }) {
  const data = counts.slice(0, 10).map((c) => ({ ...c, label: keyLabel(c.key) }));
  const hasViews = data.some((d) => d.pageViews > 0);
  const hasEvents = data.some((d) => d.events > 0);
  const pick = (entry: unknown) => onPick?.(String((entry as { key: string | null }).key ?? ''));
  return (
    <section className="analytics__panel" aria-label={title}>
      <h2>{title}</h2>
      {data.length === 0 ? (
        <p className="muted small">Nothing in this window.</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(110, data.length * 40 + 50)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 36, bottom: 0, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="label" fontSize={12} interval={0} width={axisWidth(data.map((d) => d.label), 12, 48, 180)} />
            <Tooltip cursor={{ fill: '#f1f3f5' }} />
            <Legend itemSorter={null} />
            <Bar dataKey="pageViews" name="Page views" fill="#4c6ef5" maxBarSize={16} isAnimationActive={false} onClick={pick} cursor="pointer" hide={!hasViews && hasEvents} legendType={hasViews ? 'square' : 'none'}>
              <LabelList dataKey="pageViews" position="right" fontSize={11} />
            </Bar>
            <Bar dataKey="events" name="Events" fill="#f59f00" maxBarSize={16} isAnimationActive={false} onClick={pick} cursor="pointer" hide={!hasEvents} legendType={hasEvents ? 'square' : 'none'}>
              <LabelList dataKey="events" position="right" fontSize={11} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
