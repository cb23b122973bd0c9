import heroUrl from './devHero.svg?no-inline';

/** The URL parameter that turns the page-load offenders on (with `dev=1`). */
export const OFFENDERS_PARAM = 'offenders';

/** Whether this page load should show the slow hero image and the late banner. */
export const offendersRequested = (search = location.search): boolean => new URLSearchParams(search).get(OFFENDERS_PARAM) === '1';

/** This page's URL with the offenders on, for the developer panel's link. */
export function withOffenders(href = location.href): string {
  const url = new URL(href);
  url.searchParams.set('dev', '1');
  url.searchParams.set(OFFENDERS_PARAM, '1');
  return url.toString();
}

/**
 * A background image for the page's hero section whose URL is only set after `delayMs`: an image
 * discovered late and the largest paint of the page, so the report's LCP names it and shows its
 * time as resource load delay. Laid over the section (absolutely, faded, clicks passing through)
 * so it moves nothing: the layout shift is the banner's alone. Added outside React: it stands for
 * markup a CMS would put there.
 */
export function showSlowHero(section: HTMLElement, delayMs: number, schedule = setTimeout): () => void {
  const img = document.createElement('img');
  img.id = 'dev-slow-hero';
  img.alt = '';
  img.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.35;pointer-events:none;';
  if (['', 'static'].includes(getComputedStyle(section).position)) section.style.position = 'relative';
  section.prepend(img);
  const timer = schedule(() => (img.src = heroUrl), delayMs);
  return () => {
    clearTimeout(timer);
    img.remove();
  };
}

/** A banner inserted above everything after `delayMs`, pushing the page down: the CLS offender. */
export function showLateBanner(main: HTMLElement, delayMs: number, schedule = setTimeout): () => void {
  const banner = document.createElement('div');
  banner.id = 'dev-late-banner';
  banner.className = 'dev-late-banner';
  banner.textContent = 'A late banner: it pushed the page down (layout shift).';
  const timer = schedule(() => main.prepend(banner), delayMs);
  return () => {
    clearTimeout(timer);
    banner.remove();
  };
}

/** Keeps the main thread busy for `ms`, as a heavy click handler would: the INP offender. */
export function blockMainThread(ms: number, now = () => performance.now()): void {
  const until = now() + ms;
  while (now() < until) {
    // busy on purpose
  }
}
