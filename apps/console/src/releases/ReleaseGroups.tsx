import type { IssueGroup } from '@tarmac/server/contracts';
import { LevelBadge } from '../logs/LevelBadge';
import { StatusBadge } from '../logs/StatusBadge';
import { ScrollRegion } from '../layout/ScrollRegion';

/** The groups a release brought (new) or brought back (regressed), with where they stand now. */
export function ReleaseGroups({ groups, empty, testId, label }: { groups: IssueGroup[]; empty: string; testId: string; label: string }) {
  if (groups.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ScrollRegion label={label}>
      <table className="table table--compact" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">State</th>
            <th scope="col">Message</th>
            <th scope="col" className="num">Count</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.groupId}>
              <td><LevelBadge level={g.level} /></td>
              <td><StatusBadge status={g.status} /></td>
              <td className="table__message">
                {g.message || '(empty message)'}
                <div className="muted small">{g.product}</div>
              </td>
              <td className="num">{g.count.toLocaleString('en')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
