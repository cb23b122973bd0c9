import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bucketLabel } from '../signals/signalsApi';
import { METRICS, RATING_COLORS, formatMetric } from './vitalsApi';
import type { MetricName, VitalsBucket } from './vitalsTypes';

/** The p75 of one metric per time bucket, with the good and poor limits drawn across. */
export function P75Timeline({ metric, buckets, bucketMs }: { metric: MetricName; buckets: VitalsBucket[]; bucketMs: number }) {
  const [good, poor] = METRICS.find((m) => m.name === metric)!.limits;
  const data = buckets.map((b) => {
    const m = b.metrics.find((x) => x.name === metric);
    return { label: bucketLabel(b.start, bucketMs), p75: m?.p75 ?? null, count: m?.count ?? 0 };
  });
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" />
        <XAxis dataKey="label" fontSize={12} minTickGap={16} />
        <YAxis fontSize={12} width={64} tickFormatter={(v: number) => formatMetric(metric, v)} />
        <Tooltip formatter={(value) => formatMetric(metric, Number(value))} />
        <ReferenceLine y={good} stroke={RATING_COLORS.good} strokeDasharray="4 4" label={{ value: 'good', fontSize: 11, position: 'insideTopRight' }} />
        <ReferenceLine y={poor} stroke={RATING_COLORS.poor} strokeDasharray="4 4" label={{ value: 'poor', fontSize: 11, position: 'insideTopRight' }} />
        <Line type="monotone" dataKey="p75" name={`${metric} p75`} stroke="#3b5bdb" strokeWidth={2} connectNulls dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
