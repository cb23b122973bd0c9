import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ValueCount } from './signalTypes';

/** A titled horizontal bar chart of counts; used for reasons and each spread. */
export function CountBars({ title, counts, color = '#3b5bdb' }: { title: string; counts: ValueCount[]; color?: string }) {
  return (
    <section className="signals__card" aria-label={title}>
      <h3>{title}</h3>
      {counts.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(120, counts.length * 28 + 30)}>
          <BarChart data={counts} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="value" width={140} fontSize={12} />
            <Tooltip />
            <Bar dataKey="count" name="Reports" fill={color} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
