import type { IssueGroupPage } from '../api/types';
import { Sparkline } from '../charts/Sparkline';
import { shortLocation } from '../format/levels';
import { absoluteTime, relativeTime } from '../format/relativeTime';
import { useNow } from '../hooks/useNow';
import { LevelBadge } from './LevelBadge';
import { StatusBadge } from './StatusBadge';
import { ScrollRegion } from '../layout/ScrollRegion';
import './issues.css';

interface LogGroupsTableProps {
  groups: IssueGroupPage['groups'];
  /** The window of each group's `inWindow` counts (the list's grid). */
  window?: IssueGroupPage['window'];
  selectedId?: string;
  emptyText: string;
  /** Beside the detail panel: product and location move to the detail to save width. */
  compact?: boolean;
  onSelect(groupId: string): void;
}

/** One row per group, newest first as the API sorts them; a row opens the group's detail. */
export function LogGroupsTable({ groups, window, selectedId, emptyText, compact = false, onSelect }: LogGroupsTableProps) {
  const now = useNow(5000);
  // The server counts whole hours: the window starts at the top of the hour 24 hours ago.
  const since = window ? absoluteTime(window.from).slice(0, 16) : '';
  const per = window && window.bucketMs >= 86_400_000 ? 'day' : 'hour';
  return (
    <ScrollRegion label="Log groups">
      <table className={compact ? 'table table--groups is-compact' : 'table table--groups'} data-testid="log-groups">
        <thead>
          <tr>
            <th scope="col">Last seen</th>
            <th scope="col">Level</th>
            <th scope="col">State</th>
            <th scope="col">Message</th>
            <th scope="col" className="optional">Product</th>
            <th scope="col" className="optional">Location</th>
            <th scope="col" className="num" title={`Occurrences since ${since}, per ${per}`}>Last 24 h</th>
            {/* The open detail shows the all-time count, so beside it the list drops this column to fit. */}
            <th scope="col" className="num optional">Count</th>
          </tr>
        </thead>
        <tbody>
          {groups.length === 0 ? (
            <tr>
              <td colSpan={8} className="table__empty">
                {emptyText}
              </td>
            </tr>
          ) : null}
          {groups.map((g) => (
            <tr
              key={g.groupId}
              data-testid="log-group-row"
              className={g.groupId === selectedId ? 'is-selected' : undefined}
              aria-current={g.groupId === selectedId ? true : undefined}
              onClick={() => onSelect(g.groupId)}
            >
              <td className="nowrap" title={absoluteTime(g.lastSeen)}>
                {relativeTime(g.lastSeen, now)}
              </td>
              <td>
                <LevelBadge level={g.level} />
              </td>
              <td>
                <StatusBadge status={g.status} />
              </td>
              <td className="table__message">
                <button type="button" className="linklike" onClick={() => onSelect(g.groupId)}>
                  {g.message || '(empty message)'}
                </button>
                {g.type !== 'log' ? <span className="tag">{g.type}</span> : null}
                {g.lastRelease ? <div className="release-tag" title="Newest release it occurred in">{g.lastRelease}</div> : null}
              </td>
              <td className="optional">{g.product}</td>
              <td className="optional mono small" title={g.fileName ?? undefined}>
                {shortLocation(g.fileName, g.lineNo, g.colNo)}
              </td>
              <td className="num trend-cell" data-testid="group-window">
                <Sparkline values={g.inWindow.trend} label={`${g.inWindow.occurrences.toLocaleString('en')} since ${since}, per ${per}`} />
                <span className="trend-cell__total" data-testid="group-window-total">{g.inWindow.occurrences.toLocaleString('en')}</span>
              </td>
              <td className="num optional">{g.count.toLocaleString('en')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
