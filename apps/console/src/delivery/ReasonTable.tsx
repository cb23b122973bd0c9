import { DROP_REASONS } from './dropReasons';
import type { ReasonTotal } from './dropRows';
import { ScrollRegion } from '../layout/ScrollRegion';

/**
 * The reasons with drops in the window: a plain-language account of each (what happened on
 * the page, what an operator can do) beside how many log occurrences and analytics hits it cost.
 */
export function ReasonTable({ rows }: { rows: ReasonTotal[] }) {
  return (
    <ScrollRegion label="Drop reasons">
      <table className="table delivery__reasons" data-testid="drop-reasons">
        <thead>
          <tr>
            <th>Reason</th>
            <th>What happened</th>
            <th>What you can do</th>
            <th className="num">Log occurrences</th>
            <th className="num">Analytics hits</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ reason, logs, analytics }) => {
            const info = DROP_REASONS[reason];
            return (
              <tr key={reason} data-testid="drop-reason-row" data-reason={reason}>
                <td className="nowrap">
                  <span className="delivery__swatch" style={{ background: info.color }} aria-hidden="true" />
                  <strong>{info.label}</strong>
                  <div className={`delivery__kind delivery__kind--${info.kind}`}>{info.kind === 'problem' ? 'Needs a look' : 'By design'}</div>
                  <div className="mono small muted">{reason}</div>
                </td>
                <td className="small">{info.meaning}</td>
                <td className="small">{info.action}</td>
                <td className="num" data-testid="drop-count-logs">{logs}</td>
                <td className="num" data-testid="drop-count-analytics">{analytics}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
