import type { ConsoleClient } from '../api/client';
import { absoluteTime } from '../format/relativeTime';
import { usePolledData } from '../hooks/usePolledData';
import { ReleaseGroups } from './ReleaseGroups';
import { byteSize, fetchRelease, uploadCommand } from './releasesApi';
import { ScrollRegion } from '../layout/ScrollRegion';

/** One release: the groups it brought and brought back, and the source maps it has. */
export function ReleaseDetailPanel({ client, release, onClose }: { client: ConsoleClient; release: string; onClose(): void }) {
  const { data, error } = usePolledData((signal) => fetchRelease(client, release, signal), { intervalMs: 15_000, key: release });
  const detail = data?.release.release === release ? data : undefined;
  return (
    <section className="detail" data-testid="release-detail" aria-labelledby="release-title">
      <div className="detail__head">
        <h2 id="release-title">
          Release <span className="mono">{release}</span>
        </h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose} aria-label="Close release">
          Close
        </button>
      </div>
      {error ? <p className="notice notice--error" role="alert">{error.message}</p> : null}
      {!detail ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <dl className="facts">
            <div><dt>First seen</dt><dd>{absoluteTime(detail.release.firstSeen)}</dd></div>
            <div><dt>Last seen</dt><dd>{absoluteTime(detail.release.lastSeen)}</dd></div>
            <div><dt>Occurrences</dt><dd>{detail.release.occurrences.toLocaleString('en')}</dd></div>
            <div><dt>Groups</dt><dd>{detail.release.groups}</dd></div>
          </dl>
          <h3>Regressed in this release</h3>
          <ReleaseGroups groups={detail.regressedGroups} empty="No resolved group came back in this release." testId="release-regressed" label="Regressed in this release" />
          <h3>New in this release</h3>
          <ReleaseGroups groups={detail.newGroups} empty="No group was first seen in this release." testId="release-new" label="New in this release" />
          <h3>Source maps</h3>
          {detail.artifacts.length === 0 ? (
            <p className="muted small">
              None uploaded (the server's own builds use the maps beside their files). Other sites upload theirs with{' '}
              <code className="mono">{uploadCommand(release)}</code>
            </p>
          ) : (
            <ScrollRegion label="Source maps">
              <table className="table table--compact" data-testid="release-artifacts">
                <thead>
                  <tr>
                    <th scope="col">File</th>
                    <th scope="col" className="num">Map size</th>
                    <th scope="col">Uploaded</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.artifacts.map((a) => (
                    <tr key={a.url}>
                      <td className="mono small break">{a.url}</td>
                      <td className="num">{byteSize(a.size)}</td>
                      <td className="nowrap">{absoluteTime(a.uploadedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </section>
  );
}
