/**
 * Why the callback ran: `hidden` (tab switched, app backgrounded; the page may come back) or
 * `pagehide` (navigating away or closing). Both are the last reliable moment to send: mobile
 * browsers often kill hidden pages without any further event.
 */
export type PageExitReason = 'hidden' | 'pagehide';

/**
 * Calls `callback` whenever the page is hidden or left, the moment queued data must go out by
 * beacon. `beforeunload`/`unload` are not used: they are unreliable on mobile and `unload`
 * disables the back/forward cache. Returns the unsubscribe function; a no-op outside a browser.
 */
export function onPageExit(callback: (reason: PageExitReason) => void): () => void {
  const onEvent = ({ type }: Event): void => {
    try {
      if (type == 'pagehide') callback(type);
      else if (document.visibilityState == 'hidden') callback('hidden');
    } catch {
      // the host page must never see our exit handling fail
    }
  };
  const listen = (method: 'addEventListener' | 'removeEventListener') => (): void => {
    if (typeof document == 'undefined') return;
    // Capture phase: a page stopping propagation of these events must not silence us.
    document[method]('visibilitychange', onEvent, true);
    window[method]('pagehide', onEvent, true);
  };
  listen('addEventListener')();
  return listen('removeEventListener');
}
