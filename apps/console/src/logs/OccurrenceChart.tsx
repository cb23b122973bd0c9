import { useState } from 'react';
import type { ConsoleClient } from '../api/client';
import { TimeBars } from '../charts/TimeBars';
import { WindowSelect } from '../charts/WindowSelect';
import { WINDOWS } from '../charts/timeWindows';
import { usePolledData } from '../hooks/usePolledData';
import { fetchTimeline, fillBuckets } from './workflow';

const SERIES = [{ key: 'count', name: 'Occurrences', color: '#c92a2a' }];

/** The group's occurrences over a chosen window, refreshed with the detail. */
export function OccurrenceChart({ client, groupId, paused }: { client: ConsoleClient; groupId: string; paused: boolean }) {
  const [hours, setHours] = useState(24);
  const { data, error } = usePolledData((signal) => fetchTimeline(client, groupId, hours, Date.now(), signal), {
    intervalMs: 15_000,
    paused,
    key: `${groupId} ${hours}`,
  });
  return (
    <div data-testid="occurrence-chart">
      <div className="filters">
        <WindowSelect value={hours} choices={WINDOWS} onChange={setHours} />
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load occurrences: {error.message}</p> : null}
      {data ? <TimeBars rows={fillBuckets(data)} bucketMs={data.bucketMs} series={SERIES} height={180} maxTicks={5} /> : <p className="muted">Loading…</p>}
    </div>
  );
}
