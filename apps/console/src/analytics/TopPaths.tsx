import type { AnalyticsCount } from './analyticsTypes';

/** The most frequent virtual paths with an inline bar, so the long paths stay readable in full. */
export function TopPaths({ title, paths, field }: { title: string; paths: AnalyticsCount[]; field: 'pageViews' | 'events' }) {
  const top = Math.max(1, ...paths.map((p) => p[field]));
  return (
    <section className="analytics__panel" aria-label={title}>
      <h3>{title}</h3>
      <table className="table table--compact" data-testid={`top-${field}`}>
        <tbody>
          {paths.length === 0 ? (
            <tr>
              <td className="table__empty">Nothing in this window.</td>
            </tr>
          ) : (
            paths.map((p) => (
              <tr key={p.key ?? ''}>
                <td className="mono small break">
                  {p.key}
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
