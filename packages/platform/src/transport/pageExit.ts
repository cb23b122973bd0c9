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
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  const safely = (reason: PageExitReason): void => {
    try {
      callback(reason);
    } catch {
      // the host page must never see our exit handling fail
    }
  };
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') safely('hidden');
  };
  const onPageHide = (): void => safely('pagehide');
  // Capture phase: a page stopping propagation of these events must not silence us.
  document.addEventListener('visibilitychange', onVisibility, true);
  window.addEventListener('pagehide', onPageHide, true);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility, true);
    window.removeEventListener('pagehide', onPageHide, true);
  };
}
