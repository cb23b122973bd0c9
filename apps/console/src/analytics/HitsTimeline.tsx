import { TimeBars } from '../charts/TimeBars';
import { timelineRows } from './analyticsApi';
import type { AnalyticsBucket } from './analyticsTypes';

const SERIES = [
  { key: 'pageViews', name: 'Page views', color: '#4c6ef5', stack: 'p' },
  { key: 'interaction', name: 'Events (interaction)', color: '#f59f00', stack: 'e' },
  { key: 'nonInteraction', name: 'Events (non-interaction)', color: '#adb5bd', stack: 'e' },
];

/** Page views beside events per time bucket; events stacked as interaction over automatic ones. */
export function HitsTimeline({ buckets, bucketMs }: { buckets: AnalyticsBucket[]; bucketMs: number }) {
  return <TimeBars rows={timelineRows(buckets)} bucketMs={bucketMs} series={SERIES} />;
}
