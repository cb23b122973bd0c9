import { useText } from '../../locale/useText';

/** The page numbers to offer: the first, the last, and the current one with its neighbours. */
export function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/** Previous / numbers / next, as a labelled navigation with the current page marked. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const text = useText();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={text('results.pages')}>
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {text('results.previous')}
      </button>
      <ul className="pagination__pages">
        {pageNumbers(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="pagination__page"
                aria-current={n === page ? 'page' : undefined}
                aria-label={text('results.page', { page: n })}
                onClick={() => n !== page && onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <span className="pagination__status">{text('results.pageOf', { page, pages })}</span>
      <button type="button" className="pagination__step" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {text('results.next')}
      </button>
    </nav>
  );
}
