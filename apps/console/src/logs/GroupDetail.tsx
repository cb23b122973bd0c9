import { Suspense, lazy } from 'react';
import type { ConsoleClient } from '../api/client';
import { shortLocation } from '../format/levels';
import { absoluteTime } from '../format/relativeTime';
import { usePolledData } from '../hooks/usePolledData';
import { refreshIntervalMs } from '../hooks/useLogGroups';
import { BreadcrumbTimeline } from './BreadcrumbTimeline';
import { GroupWorkflow } from './GroupWorkflow';
import { LevelBadge } from './LevelBadge';
import { OccurrencesTable } from './OccurrencesTable';
import { ReleaseCounts } from './ReleaseCounts';
import { ResolvedStackView } from './ResolvedStackView';
import { StackTable } from './StackTable';
import './issues.css';

// The chart library comes with the first group opened, not with the Logs list, so the default
// section shows without waiting for it.
const OccurrenceChart = lazy(() => import('./OccurrenceChart').then((m) => ({ default: m.OccurrenceChart })));

interface GroupDetailProps {
  client: ConsoleClient;
  groupId: string;
  paused: boolean;
  onClose(): void;
  /** The group's state changed here: the list should refresh. */
  onChanged?(): void;
}

/**
 * Everything known about one group: its state and workflow, summary and releases, occurrences
 * over time, the stack through its release's source maps (as sent a click away), and recent
 * occurrences. Refreshed at the list's pace, so counts agree.
 */
export function GroupDetail({ client, groupId, paused, onClose, onChanged }: GroupDetailProps) {
  const { data, error, refresh } = usePolledData((signal) => client.getGroup(groupId, signal), {
    intervalMs: refreshIntervalMs,
    paused,
    key: groupId,
  });
  // Never show the previous group's detail under a new selection.
  const detail = data?.group.groupId === groupId ? data : undefined;
  const resolved = detail?.resolvedStack && detail.resolvedStack.resolvedCount > 0 ? detail.resolvedStack : null;
  return (
    <section className="detail" data-testid="group-detail" aria-labelledby="detail-title">
      <div className="detail__head">
        <h2 id="detail-title">Group detail</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose} aria-label="Close detail">
          Close
        </button>
      </div>
      {error ? <p className="notice notice--error" role="alert">{error.message}</p> : null}
      {!detail && !error ? <p className="muted">Loading…</p> : null}
      {detail ? (
        <>
          <p className="detail__message">{detail.group.message || '(empty message)'}</p>
          <GroupWorkflow
            client={client}
            groupId={groupId}
            state={detail.state}
            onChanged={() => {
              refresh();
              onChanged?.();
            }}
          />
          <dl className="facts">
            <div><dt>Level</dt><dd><LevelBadge level={detail.group.level} /></dd></div>
            <div><dt>Type</dt><dd>{detail.group.type}</dd></div>
            <div><dt>Product</dt><dd>{detail.group.product}</dd></div>
            <div><dt>Count</dt><dd>{detail.group.count.toLocaleString('en')}</dd></div>
            <div><dt>Stored</dt><dd>{detail.occurrences.length} newest</dd></div>
            <div><dt>First seen</dt><dd>{absoluteTime(detail.group.firstSeen)}</dd></div>
            <div><dt>Last seen</dt><dd>{absoluteTime(detail.group.lastSeen)}</dd></div>
            <div><dt>First release</dt><dd className="mono" data-testid="first-release">{detail.state.firstRelease ?? '—'}</dd></div>
            <div><dt>Last release</dt><dd className="mono" data-testid="last-release">{detail.state.lastRelease ?? '—'}</dd></div>
            <div className="facts__wide">
              <dt>Location</dt>
              <dd className="mono small break">{shortLocation(detail.group.fileName, detail.group.lineNo, detail.group.colNo)}</dd>
            </div>
          </dl>
          <h3>Occurrences over time</h3>
          <Suspense fallback={<p className="muted">Loading the chart…</p>}>
            <OccurrenceChart client={client} groupId={groupId} paused={paused} />
          </Suspense>
          <h3>Stack</h3>
          {resolved ? <ResolvedStackView stack={resolved} /> : <StackTable frames={detail.parsedStackTrace} />}
          {resolved ? (
            <details className="raw-stack">
              <summary>As the browser sent it ({detail.parsedStackTrace.length} frames)</summary>
              <StackTable frames={detail.parsedStackTrace} />
            </details>
          ) : null}
          <details className="raw-stack" open={!resolved}>
            <summary>Raw stack lines ({detail.stackTrace.length})</summary>
            <pre>{detail.stackTrace.join('\n') || '(none)'}</pre>
          </details>
          <BreadcrumbTimeline client={client} groupId={groupId} paused={paused} />
          <h3>Releases</h3>
          <ReleaseCounts releases={detail.releases} />
          <h3>Recent occurrences</h3>
          <OccurrencesTable occurrences={detail.occurrences} />
        </>
      ) : null}
    </section>
  );
}
