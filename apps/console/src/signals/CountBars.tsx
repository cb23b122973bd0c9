import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidth } from '../charts/axisWidth';
import type { ValueCount } from './signalTypes';

/**
 * A titled horizontal bar chart of counts; used for reasons and each spread. `labelFor` turns
 * raw values (reason codes) into words; the axis is as wide as the longest label so none is cut.
 */
export function CountBars({ title, counts, color = '#3b5bdb', labelFor = (v) => v }: { title: string; counts: ValueCount[]; color?: string; labelFor?(value: string): string }) {
  const data = counts.map((c) => ({ ...c, label: labelFor(c.value) }));
  return (
    <section className="signals__card" aria-label={title}>
      <h2>{title}</h2>
      {data.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(90, data.length * 28 + 30)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 32, bottom: 0, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="label" width={axisWidth(data.map((d) => d.label))} fontSize={12} interval={0} />
            <Tooltip labelFormatter={(label, payload) => {
              const value = (payload[0]?.payload as { value?: string } | undefined)?.value;
              return value && value !== label ? `${String(label)} (${value})` : String(label);
            }} />
            <Bar dataKey="count" name="Reports" fill={color} maxBarSize={22} isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fontSize={11} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
