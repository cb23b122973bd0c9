import { displayPath } from '../format/displayPath';
import type { AnalyticsCount } from './analyticsTypes';

/**
 * The most frequent virtual paths with an inline bar, so the long paths stay readable in full;
 * shown decoded (`Madrid → Lisboa`), exactly as stored on hover.
 */
export function TopPaths({ title, paths, field }: { title: string; paths: AnalyticsCount[]; field: 'pageViews' | 'events' }) {
  const top = Math.max(1, ...paths.map((p) => p[field]));
  return (
    <section className="analytics__panel" aria-label={title}>
      <h2>{title}</h2>
      <table className="table table--compact" data-testid={`top-${field}`}>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col" className="num">{field === 'pageViews' ? 'Page views' : 'Events'}</th>
          </tr>
        </thead>
        <tbody>
          {paths.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={2}>Nothing in this window.</td>
            </tr>
          ) : (
            paths.map((p) => (
              <tr key={p.key ?? ''}>
                <td className="mono small break" title={p.key ?? undefined}>
                  {p.key === null ? '(not set)' : displayPath(p.key)}
                  <span className="analytics__bar" style={{ width: `${(p[field] / top) * 100}%` }} />
                </td>
                <td className="num">{p[field]}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
