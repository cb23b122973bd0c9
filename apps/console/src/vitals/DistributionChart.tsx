import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { edgeRoom } from '../charts/axisWidth';
import { RATING_COLORS, formatMetric } from './vitalsApi';
import type { DistributionBin, MetricName } from './vitalsTypes';

/** The histogram of one metric, each bar in the colour of its rating; the last bar holds the tail. */
export function DistributionChart({ metric, bins }: { metric: MetricName; bins: DistributionBin[] }) {
  const data = bins.map((b, i) => ({
    ...b,
    label: i === bins.length - 1 ? `≥ ${formatMetric(metric, b.from)}` : formatMetric(metric, b.from),
  }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: edgeRoom(data.at(-1)?.label ?? '', 11), bottom: 0, left: 0 }} barCategoryGap={1}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" vertical={false} />
        <XAxis dataKey="label" fontSize={11} minTickGap={12} />
        <YAxis allowDecimals={false} fontSize={12} width={40} />
        <Tooltip labelFormatter={(label) => `from ${String(label)}`} />
        <Bar dataKey="count" name="Page views" isAnimationActive={false}>
          {data.map((b) => (
            <Cell key={b.from} fill={RATING_COLORS[b.rating]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
