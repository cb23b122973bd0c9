import { useState } from 'react';
import type { Breadcrumb, GroupBreadcrumbs } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { absoluteTime } from '../format/relativeTime';
import { usePolledData } from '../hooks/usePolledData';
import { ScrollRegion } from '../layout/ScrollRegion';

interface BreadcrumbTimelineProps {
  client: ConsoleClient;
  groupId: string;
  paused: boolean;
}

const KIND_LABELS: Record<Breadcrumb['category'], string> = {
  navigation: 'Navigation',
  click: 'Click',
  console: 'Console',
  fetch: 'Fetch',
  xhr: 'XHR',
};

/** The page's clock time of a step to the millisecond (steps are often milliseconds apart). */
export function clockTime(at: number): string {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** How long before the last step (the one nearest the error) a step happened: "−1.25 s", "0 s". */
export function beforeLast(at: number, last: number): string {
  const seconds = (last - at) / 1000;
  return seconds === 0 ? '0 s' : `−${seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(1)} s`;
}

/** A failed request (no response, 4xx or 5xx) stands out in the trail. */
const failed = (crumb: Breadcrumb): boolean => crumb.status !== undefined && (crumb.status === 0 || crumb.status >= 400);

/**
 * The steps that led to an occurrence: navigations, clicks, console calls and requests the
 * page recorded (@tarmac/platform/breadcrumbs), oldest first, for the newest occurrence that
 * carries them or another one picked from the list.
 */
export function BreadcrumbTimeline({ client, groupId, paused }: BreadcrumbTimelineProps) {
  const { data, error } = usePolledData<GroupBreadcrumbs>(
    (signal) => client.get(`/logs/groups/${encodeURIComponent(groupId)}/breadcrumbs`, signal),
    { intervalMs: 10_000, paused, key: groupId },
  );
  const [picked, setPicked] = useState<string>();
  const trails = data?.groupId === groupId ? data.occurrences : [];
  const trail = trails.find((o) => o.occurrenceId === picked) ?? trails[0];
  const last = trail?.breadcrumbs.at(-1)?.at ?? 0;

  return (
    <section aria-label="Breadcrumbs" data-testid="breadcrumbs">
      <h3>Breadcrumbs</h3>
      {error ? <p className="notice notice--error" role="alert">Could not load breadcrumbs: {error.message}</p> : null}
      {!trail ? (
        <p className="muted">{data ? 'No stored occurrence carries breadcrumbs.' : 'Loading…'}</p>
      ) : (
        <>
          {trails.length > 1 ? (
            <label className="small muted">
              Occurrence{' '}
              <select value={trail.occurrenceId} onChange={(event) => setPicked(event.target.value)}>
                {trails.map((o) => (
                  <option key={o.occurrenceId} value={o.occurrenceId}>
                    {absoluteTime(o.receivedAt)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <ScrollRegion label="Breadcrumb trail">
            <table className="table table--compact">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Kind</th>
                  <th scope="col">What</th>
                  <th scope="col" className="num">Result</th>
                </tr>
              </thead>
              <tbody>
                {trail.breadcrumbs.map((crumb, i) => (
                  <tr key={i} data-testid="breadcrumb" data-kind={crumb.category}>
                    <td className="mono small nowrap">
                      {clockTime(crumb.at)}
                      <div className="muted" title="Before the last breadcrumb">{beforeLast(crumb.at, last)}</div>
                    </td>
                    <td className="nowrap">
                      {KIND_LABELS[crumb.category]}
                      {crumb.level ? <span className="muted small"> · {crumb.level}</span> : null}
                    </td>
                    <td className="mono small break crumbs__what">{crumb.message}</td>
                    <td className="mono num nowrap">
                      {failed(crumb) ? <span className="badge badge--l4">{crumb.status}</span> : (crumb.status ?? '')}
                      {crumb.durationMs != null ? <div className="muted small">{crumb.durationMs} ms</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}
