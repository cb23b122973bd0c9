import { useState } from 'react';
import { absoluteTime, relativeTime } from '../format/relativeTime';
import { usePolledData } from '../hooks/usePolledData';
import { useNow } from '../hooks/useNow';
import type { SectionProps } from '../sections/sections';
import { ReleaseDetailPanel } from './ReleaseDetailPanel';
import { fetchReleases } from './releasesApi';
import '../logs/issues.css';
import { ScrollRegion } from '../layout/ScrollRegion';

/**
 * The Releases section: every release the pages ran (their r9-version) or maps were uploaded
 * for, newest first, with what each brought: occurrences, groups, new and regressed groups.
 * A release opens its new and regressed groups and its source maps; beside it the table keeps
 * only the columns that tell releases apart, so nothing is cut off at 1280 px.
 */
export function ReleasesView({ client }: SectionProps) {
  const { data, error } = usePolledData((signal) => fetchReleases(client, signal), { intervalMs: 15_000 });
  const [selected, setSelected] = useState<string>();
  const now = useNow(5000);
  return (
    <div className="logs">
      {error ? <p className="notice notice--error" role="alert">Could not load releases: {error.message}</p> : null}
      <div className={selected ? 'logs__body logs__body--split' : 'logs__body'}>
        <ScrollRegion label="Releases">
          <table className={selected ? 'table is-compact' : 'table'} data-testid="releases">
            <thead>
              <tr>
                <th scope="col">Release</th>
                <th scope="col" className="optional">Last seen</th>
                <th scope="col" className="num">Occurrences</th>
                <th scope="col" className="num optional">Groups</th>
                <th scope="col" className="num">New</th>
                <th scope="col" className="num">Regressed</th>
                <th scope="col" className="num optional">Maps</th>
              </tr>
            </thead>
            <tbody>
              {!data || data.length === 0 ? (
                <tr>
                  <td colSpan={7} className="table__empty">
                    {!data ? 'Loading…' : 'No release yet: pages report theirs with the r9-version meta tag.'}
                  </td>
                </tr>
              ) : null}
              {data?.map((r) => (
                <tr
                  key={r.release}
                  data-testid="release-row"
                  className={r.release === selected ? 'is-selected vitals__row' : 'vitals__row'}
                  onClick={() => setSelected(r.release)}
                >
                  <td className="mono">
                    <button type="button" className="linklike" onClick={() => setSelected(r.release)}>
                      {r.release}
                    </button>
                  </td>
                  <td className="nowrap optional" title={absoluteTime(r.lastSeen)}>{relativeTime(r.lastSeen, now)}</td>
                  <td className="num">{r.occurrences.toLocaleString('en')}</td>
                  <td className="num optional">{r.groups}</td>
                  <td className="num">{r.newGroups}</td>
                  <td className="num">{r.regressedGroups > 0 ? <span className="status status--regressed">{r.regressedGroups}</span> : 0}</td>
                  <td className="num optional">{r.artifacts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        {selected ? <ReleaseDetailPanel client={client} release={selected} onClose={() => setSelected(undefined)} /> : null}
      </div>
    </div>
  );
}
