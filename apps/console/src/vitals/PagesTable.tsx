import { METRICS, RATING_COLORS, formatMetric, pageLabel } from './vitalsApi';
import type { PageFilter, PageVitals } from './vitalsTypes';

/** The p75 of every metric per page, coloured by rating; a row click filters the dashboard to it. */
export function PagesTable({ pages, onSelect }: { pages: PageVitals[]; onSelect(page: PageFilter): void }) {
  return (
    <div className="table-wrap">
      <table className="table table--compact" data-testid="vitals-pages">
        <thead>
          <tr>
            <th>Page (vertical / pageId / subPageId)</th>
            <th className="num">Views</th>
            {METRICS.map((m) => (
              <th key={m.name} className="num">{m.name} p75</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pages.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={2 + METRICS.length}>No reports in this window.</td>
            </tr>
          ) : (
            pages.map((page) => (
              <tr key={pageLabel(page)} className="vitals__row" onClick={() => onSelect(page)}>
                <td>{pageLabel(page)}</td>
                <td className="num">{page.count}</td>
                {METRICS.map(({ name }) => {
                  const m = page.metrics.find((x) => x.name === name);
                  return (
                    <td key={name} className="num" style={{ color: m?.rating ? RATING_COLORS[m.rating] : undefined, fontWeight: 600 }}>
                      {formatMetric(name, m?.p75)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
