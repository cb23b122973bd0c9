import { useState } from 'react';
import type { ConsoleClient } from '../api/client';
import { TimeBars } from '../charts/TimeBars';
import { WindowSelect } from '../charts/WindowSelect';
import { WINDOWS } from '../charts/timeWindows';
import { usePolledData } from '../hooks/usePolledData';
import { releaseSeries } from './releaseSeries';
import { fetchTimeline } from './workflow';

/** The group's occurrences over a chosen window, stacked by release, refreshed with the detail. */
export function OccurrenceChart({ client, groupId, paused }: { client: ConsoleClient; groupId: string; paused: boolean }) {
  const [hours, setHours] = useState(24);
  const { data, error } = usePolledData((signal) => fetchTimeline(client, groupId, hours, Date.now(), signal), {
    intervalMs: 15_000,
    paused,
    key: `${groupId} ${hours}`,
  });
  const chart = data ? releaseSeries(data) : undefined;
  const total = data ? data.buckets.reduce((sum, b) => sum + b.count, 0) : 0;
  return (
    <div data-testid="occurrence-chart">
      <div className="filters">
        <WindowSelect value={hours} choices={WINDOWS} onChange={setHours} />
        {data ? <span className="muted" data-testid="occurrence-total">{total.toLocaleString('en')} in this window</span> : null}
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not load occurrences: {error.message}</p> : null}
      {data && chart ? <TimeBars rows={chart.rows} bucketMs={data.bucketMs} series={chart.series} height={200} maxTicks={5} /> : <p className="muted">Loading…</p>}
    </div>
  );
}
