import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bucketLabel } from './signalsApi';
import type { SignalBucket } from './signalTypes';

/** People and automation per time bucket, stacked, with fallback hits (unjudged) on top. */
export function TrafficChart({ buckets, bucketMs }: { buckets: SignalBucket[]; bucketMs: number }) {
  const data = buckets.map((b) => ({ ...b, label: bucketLabel(b.start, bucketMs) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} width={40} />
        <Tooltip />
        <Legend />
        <Area type="monotone" dataKey="people" name="People" stackId="1" stroke="#2f9e44" fill="#b2f2bb" />
        <Area type="monotone" dataKey="automation" name="Automation" stackId="1" stroke="#e03131" fill="#ffc9c9" />
        <Area type="monotone" dataKey="fallback" name="Fallback (unjudged)" stackId="1" stroke="#868e96" fill="#e9ecef" />
      </AreaChart>
    </ResponsiveContainer>
  );
}
