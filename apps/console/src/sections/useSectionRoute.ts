import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The section id in the address (`#/vitals`), so a view can be bookmarked and reloaded. */
export function sectionFromHash(hash: string): string | undefined {
  const match = /^#\/([\w-]+)/.exec(hash);
  return match?.[1];
}

/** The current section id from the hash, following back/forward navigation. */
export function useSectionRoute(fallback: string): string {
  return useSyncExternalStore(subscribe, () => sectionFromHash(window.location.hash) ?? fallback);
}
