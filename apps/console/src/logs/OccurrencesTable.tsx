import type { LogOccurrence } from '../api/types';
import { displayPath } from '../format/displayPath';
import { absoluteTime } from '../format/relativeTime';
import { shortUserAgent } from '../format/userAgent';
import { ScrollRegion } from '../layout/ScrollRegion';

/**
 * The newest occurrences of a group: when, on which page and in which browser, and the extra
 * arguments logged with it. Four columns with a fixed layout, so it fits the detail panel beside
 * the group list at 1280 px; long URLs and arguments wrap, and the full user agent is a hover
 * away. The wrapper is a labelled, focusable region so keyboard users can scroll it when narrow.
 */
export function OccurrencesTable({ occurrences }: { occurrences: LogOccurrence[] }) {
  if (occurrences.length === 0) return <p className="muted">No occurrences stored.</p>;
  return (
    <ScrollRegion label="Recent occurrences" alwaysFocusable>
      <table className="table table--compact occurrences" data-testid="occurrences">
        <colgroup>
          <col className="occurrences__time" />
          <col />
          <col className="occurrences__count" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Page and browser</th>
            <th scope="col" className="num" title="Occurrences">
              ×
            </th>
            <th scope="col">Extra args</th>
          </tr>
        </thead>
        <tbody>
          {occurrences.map((o) => {
            const [date, time] = absoluteTime(o.receivedAt).split(' ');
            return (
              <tr key={o.id}>
                <td>
                  <span className="nowrap">{date}</span> <span className="nowrap">{time}</span>
                </td>
                <td className="small break">
                  <div title={o.url ?? undefined}>{o.url ? displayPath(o.url) : '—'}</div>
                  <div className="muted" title={o.userAgent ?? undefined}>
                    {o.userAgent ? shortUserAgent(o.userAgent) : 'Browser unknown'}
                  </div>
                </td>
                <td className="num">{o.occurrences}</td>
                <td className="mono small break">
                  {o.extraArgs.length === 0 ? '—' : o.extraArgs.map((arg, i) => <div key={i}>{arg}</div>)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
