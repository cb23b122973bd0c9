import type { LabelProps } from 'recharts';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { edgeRoom } from '../charts/axisWidth';
import { bucketFormatter, pickTicks } from '../charts/timeAxis';
import { METRICS, RATING_COLORS, formatMetric } from './vitalsApi';
import type { MetricName, VitalsBucket } from './vitalsTypes';

// Drawn as plain text centred over the bar: recharts' own label wraps to the bar's width.
function valueLabel({ x, y, width, value }: LabelProps, metric: MetricName) {
  if (value === null || value === undefined) return null;
  return (
    <text x={Number(x) + Number(width) / 2} y={Number(y) - 6} textAnchor="middle" fontSize={11} fill="#495057">
      {formatMetric(metric, Number(value))}
    </text>
  );
}

/**
 * The p75 of one metric per time bucket as bars in the colour of its rating, with the good and
 * poor limits drawn across. Bars rather than a line: reports are sparse, and a lone bucket must
 * read as a value, not a stray dot. Values are printed on the bars while there are few of them.
 */
export function P75Timeline({ metric, buckets, bucketMs }: { metric: MetricName; buckets: VitalsBucket[]; bucketMs: number }) {
  const [good, poor] = METRICS.find((m) => m.name === metric)!.limits;
  const data = buckets.map((b) => {
    const m = b.metrics.find((x) => x.name === metric);
    return { start: b.start, p75: m?.count ? m.p75 : null, rating: m?.rating ?? null, count: m?.count ?? 0 };
  });
  const first = data[0]?.start ?? 0;
  const format = bucketFormatter(bucketMs, (data.at(-1)?.start ?? first) - first + bucketMs);
  const filled = data.filter((d) => d.p75 !== null).length;
  const ticks = pickTicks(data.map((d) => d.start), bucketMs, 8);
  const lastTick = ticks.at(-1);
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 16, right: edgeRoom(lastTick === undefined ? '' : format(lastTick)), bottom: 0, left: 8 }} barCategoryGap="15%">
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" vertical={false} />
        <XAxis dataKey="start" ticks={ticks} interval={0} tickFormatter={(s: number) => format(s)} fontSize={12} />
        <YAxis fontSize={12} width={64} domain={[0, 'auto']} tickFormatter={(v: number) => formatMetric(metric, v)} />
        <Tooltip
          cursor={{ fill: '#f1f3f5' }}
          labelFormatter={(s) => format(Number(s))}
          formatter={(value, _name, item) => [`${formatMetric(metric, Number(value))} (${(item.payload as { count: number }).count} views)`, `${metric} p75`]}
        />
        <ReferenceLine y={good} stroke={RATING_COLORS.good} strokeDasharray="4 4" ifOverflow="extendDomain" label={{ value: 'good', fontSize: 11, position: 'insideTopLeft' }} />
        <ReferenceLine y={poor} stroke={RATING_COLORS.poor} strokeDasharray="4 4" ifOverflow="extendDomain" label={{ value: 'poor', fontSize: 11, position: 'insideTopLeft' }} />
        <Bar dataKey="p75" name={`${metric} p75`} maxBarSize={48} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.start} fill={d.rating ? RATING_COLORS[d.rating] : '#748ffc'} />
          ))}
          {filled <= 12 ? <LabelList dataKey="p75" content={(props) => valueLabel(props, metric)} /> : null}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
