import { alignBuckets } from './signalsApi';
import { denseBuckets } from '../charts/timeAxis';
import { TimeBars } from '../charts/TimeBars';
import type { SignalBucket } from './signalTypes';

const SERIES = [
  { key: 'people', name: 'People', color: '#40c057', stack: 'r' },
  { key: 'automation', name: 'Automation', color: '#fa5252', stack: 'r' },
  { key: 'fallback', name: 'Fallback (unjudged)', color: '#adb5bd', stack: 'r' },
];

/**
 * People and automation per time bucket, stacked, with fallback hits (unjudged) on top. The
 * summary lists only buckets with reports, so the empty ones are put back across the window.
 */
export function TrafficChart({ buckets, bucketMs, since, until }: { buckets: SignalBucket[]; bucketMs: number; since: number; until: number }) {
  const rows = denseBuckets(alignBuckets(buckets, bucketMs), since, until, bucketMs, (start) => ({ start, people: 0, automation: 0, fallback: 0 }));
  return <TimeBars rows={rows} bucketMs={bucketMs} series={SERIES} />;
}
