import type { VerticalId } from './verticals';

/**
 * The URL of a results page: the page's own URL with `search={vertical}-{id}` and, past the
 * first, `page={n}`. Pushed in the click that asks for the page, so the browser sees a route
 * change caused by an interaction (what Chromium's soft-navigation heuristics look for) and each
 * results page is a page view of its own, with its own performance report.
 */
export function resultsRouteUrl(vertical: VerticalId, searchId: number, page: number, href = location.href): string {
  const url = new URL(href);
  url.searchParams.set('search', `${vertical}-${searchId}`);
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
  return url.toString();
}

/** Pushes the results page's URL (see resultsRouteUrl) onto the history. */
export function pushResultsRoute(vertical: VerticalId, searchId: number, page: number): void {
  try {
    const url = resultsRouteUrl(vertical, searchId, page);
    if (url !== location.href) history.pushState(history.state, '', url);
  } catch {
    // a sandboxed frame may refuse history changes: the page works without them
  }
}
