import type { GroupReleaseCount } from '@tarmac/server/contracts';
import { absoluteTime } from '../format/relativeTime';

/** Occurrences of the group per release, newest release first. */
export function ReleaseCounts({ releases }: { releases: GroupReleaseCount[] }) {
  if (releases.length === 0) return <p className="muted">No release known: the pages sent no r9Version.</p>;
  return (
    <div className="table-wrap">
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
              <td className="nowrap">{absoluteTime(r.firstSeen)}</td>
              <td className="nowrap">{absoluteTime(r.lastSeen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
