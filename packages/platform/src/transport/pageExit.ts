/**
 * Why the callback ran, as the event's name: `visibilitychange` to hidden (tab switched, app
 * backgrounded; the page may come back) or `pagehide` (navigating away or closing). Both are the last reliable moment to send: mobile
 * browsers often kill hidden pages without any further event.
 */
export type PageExitReason = 'visibilitychange' | 'pagehide';

/**
 * Calls `callback` whenever the page is hidden or left, the moment queued data must go out by
 * beacon. `beforeunload`/`unload` are not used: they are unreliable on mobile and `unload`
 * disables the back/forward cache. Returns the unsubscribe function; a no-op outside a browser.
 */
export function onPageExit(callback: (reason: PageExitReason) => void): () => void {
  const onEvent = ({ type }: Event): void => {
    try {
      if (type === 'pagehide' || document.visibilityState === 'hidden') callback(type as PageExitReason);
    } catch {
      // the host page must never see our exit handling fail
    }
  };
  // Both on window, in the capture phase: visibilitychange travels from document through it,
  // and a page stopping propagation of these events must not silence us.
  const listen = (method: 'addEventListener' | 'removeEventListener') => (): void => {
    if (globalThis.window) {
      window[method]('visibilitychange', onEvent, true);
      window[method]('pagehide', onEvent, true);
    }
  };
  listen('addEventListener')();
  return listen('removeEventListener');
}
