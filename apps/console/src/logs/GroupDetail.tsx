import type { ConsoleClient } from '../api/client';
import { shortLocation } from '../format/levels';
import { absoluteTime } from '../format/relativeTime';
import { useGroupDetail } from '../hooks/useGroupDetail';
import { BreadcrumbTimeline } from './BreadcrumbTimeline';
import { LevelBadge } from './LevelBadge';
import { OccurrencesTable } from './OccurrencesTable';
import { StackTable } from './StackTable';

interface GroupDetailProps {
  client: ConsoleClient;
  groupId: string;
  paused: boolean;
  onClose(): void;
}

/** Everything known about one group: summary, stack (parsed and raw) and recent occurrences. */
export function GroupDetail({ client, groupId, paused, onClose }: GroupDetailProps) {
  const { detail, error } = useGroupDetail(client, groupId, paused);
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
          <dl className="facts">
            <div><dt>Level</dt><dd><LevelBadge level={detail.group.level} /></dd></div>
            <div><dt>Type</dt><dd>{detail.group.type}</dd></div>
            <div><dt>Product</dt><dd>{detail.group.product}</dd></div>
            <div><dt>Count</dt><dd>{detail.group.count.toLocaleString('en')}</dd></div>
            <div><dt>Stored</dt><dd>{detail.occurrences.length} newest</dd></div>
            <div><dt>First seen</dt><dd>{absoluteTime(detail.group.firstSeen)}</dd></div>
            <div><dt>Last seen</dt><dd>{absoluteTime(detail.group.lastSeen)}</dd></div>
            <div className="facts__wide">
              <dt>Location</dt>
              <dd className="mono small break">{shortLocation(detail.group.fileName, detail.group.lineNo, detail.group.colNo)}</dd>
            </div>
          </dl>
          <h3>Stack</h3>
          <StackTable frames={detail.parsedStackTrace} />
          <details className="raw-stack" open>
            <summary>Raw stack lines ({detail.stackTrace.length})</summary>
            <pre>{detail.stackTrace.join('\n') || '(none)'}</pre>
          </details>
          <BreadcrumbTimeline client={client} groupId={groupId} paused={paused} />
          <h3>Recent occurrences</h3>
          <OccurrencesTable occurrences={detail.occurrences} />
        </>
      ) : null}
    </section>
  );
}
