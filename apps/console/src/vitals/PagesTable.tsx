import { RatingValue } from './RatingMark';
import { METRICS, formatMetric, pageLabel } from './vitalsApi';
import type { PageFilter, PageVitals } from './vitalsTypes';
import { ScrollRegion } from '../layout/ScrollRegion';

/**
 * The p75 of every metric per page, coloured by rating (p90 and p99 on hover); a row click filters
 * the dashboard to it, and each row's "What to fix" opens that page's attribution view.
 */
export function PagesTable({ pages, onSelect, onFix }: { pages: PageVitals[]; onSelect(page: PageFilter): void; onFix(page: PageFilter): void }) {
  return (
    <ScrollRegion label="Pages">
      <table className="table table--compact" data-testid="vitals-pages">
        <thead>
          <tr>
            <th scope="col">Page (vertical / pageId / subPageId)</th>
            <th scope="col" className="num">Views</th>
            {METRICS.map((m) => (
              <th key={m.name} scope="col" className="num">{m.name} p75</th>
            ))}
            <th scope="col"><span className="sr-only">What to fix</span></th>
          </tr>
        </thead>
        <tbody>
          {pages.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={3 + METRICS.length}>No reports in this window — open the site and browse; each page reports its vitals when it is hidden or left.</td>
            </tr>
          ) : (
            pages.map((page) => (
              <tr key={pageLabel(page)} className="vitals__row" onClick={() => onSelect(page)}>
                <td>
                  <button type="button" className="linklike" onClick={() => onSelect(page)} title="Show this page only">
                    {pageLabel(page)}
                  </button>
                </td>
                <td className="num">{page.count}</td>
                {METRICS.map(({ name }) => {
                  const m = page.metrics.find((x) => x.name === name);
                  return (
                    <td key={name} className="num vitals__cell" title={m?.count ? `p90 ${formatMetric(name, m.p90)} · p99 ${formatMetric(name, m.p99)}` : undefined}>
                      <RatingValue rating={m?.rating}>{formatMetric(name, m?.p75)}</RatingValue>
                    </td>
                  );
                })}
                <td>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    data-testid="vitals-fix"
                    onClick={(event) => {
                      event.stopPropagation(); // not the row's filter
                      onFix(page);
                    }}
                  >
                    What to fix
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
