import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bucketLabel } from '../signals/signalsApi';
import { timelineRows } from './analyticsApi';
import type { AnalyticsBucket } from './analyticsTypes';

/** Page views and events per time bucket; events split into interaction and automatic ones. */
export function HitsTimeline({ buckets, bucketMs }: { buckets: AnalyticsBucket[]; bucketMs: number }) {
  const data = timelineRows(buckets, (start) => bucketLabel(start, bucketMs));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e6e8ee" />
        <XAxis dataKey="label" fontSize={12} minTickGap={16} />
        <YAxis allowDecimals={false} fontSize={12} width={40} />
        <Tooltip />
        <Legend />
        <Area type="monotone" dataKey="pageViews" name="Page views" stroke="#3b5bdb" fill="#dbe4ff" isAnimationActive={false} />
        <Area type="monotone" dataKey="interaction" name="Events (interaction)" stackId="e" stroke="#f08c00" fill="#ffe8cc" isAnimationActive={false} />
        <Area type="monotone" dataKey="nonInteraction" name="Events (non-interaction)" stackId="e" stroke="#868e96" fill="#e9ecef" isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
