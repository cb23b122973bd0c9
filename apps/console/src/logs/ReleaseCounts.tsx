import type { GroupReleaseCount } from '@tarmac/server/contracts';
import { absoluteTime } from '../format/relativeTime';
import { ScrollRegion } from '../layout/ScrollRegion';

/** Date and time that wrap as wholes when the column is narrow. */
function DateTime({ epochMs }: { epochMs: number }) {
  const [date, time] = absoluteTime(epochMs).split(' ');
  return (
    <>
      <span className="nowrap">{date}</span> <span className="nowrap">{time}</span>
    </>
  );
}

/** Occurrences of the group per release, newest release first. */
export function ReleaseCounts({ releases }: { releases: GroupReleaseCount[] }) {
  if (releases.length === 0) return <p className="muted">No release known: the pages sent no r9Version.</p>;
  return (
    <ScrollRegion label="Occurrences per release">
      <table className="table table--compact" data-testid="group-releases">
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col" className="num">Occurrences</th>
            <th scope="col">First seen</th>
            <th scope="col">Last seen</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.release}>
              <td className="mono">{r.release}</td>
              <td className="num">{r.count.toLocaleString('en')}</td>
              <td><DateTime epochMs={r.firstSeen} /></td>
              <td><DateTime epochMs={r.lastSeen} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
