import type { LogOccurrence } from '../api/types';
import { absoluteTime } from '../format/relativeTime';

/** The newest occurrences of a group: where and in which browser it happened. */
export function OccurrencesTable({ occurrences }: { occurrences: LogOccurrence[] }) {
  if (occurrences.length === 0) return <p className="muted">No occurrences stored.</p>;
  return (
    <div className="table-wrap">
      <table className="table table--compact occurrences">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">URL</th>
            <th scope="col">User agent</th>
            <th scope="col" className="num">×</th>
            <th scope="col">Extra args</th>
          </tr>
        </thead>
        <tbody>
          {occurrences.map((o) => (
            <tr key={o.id}>
              <td className="occurrences__time">
                {/* Date and time wrap as wholes when the column is narrow. */}
                {absoluteTime(o.receivedAt)
                  .split(' ')
                  .map((part) => (
                    <span key={part} className="nowrap">
                      {part}{' '}
                    </span>
                  ))}
              </td>
              <td className="small break">{o.url ?? '—'}</td>
              <td className="small break">{o.userAgent ?? '—'}</td>
              <td className="num">{o.occurrences}</td>
              <td className="mono small break">
                {o.extraArgs.length === 0 ? '—' : o.extraArgs.map((arg, i) => <div key={i}>{arg}</div>)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
