/** The languages the demo is translated into. */
export type DemoLocale = 'en' | 'es';

const STORAGE_KEY = 'tarmac.locale';
const isLocale = (value: unknown): value is DemoLocale => value === 'en' || value === 'es';

/**
 * The page's language: `?locale=` when given (links and tests), else the visitor's last choice,
 * else the browser's language. Read once at start: switching reloads the page, as a real site
 * whose server renders per locale would.
 */
export function readPageLocale(search = location.search): DemoLocale {
  const fromUrl = new URLSearchParams(search).get('locale');
  if (isLocale(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // storage blocked: fall through to the browser language
  }
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** Remembers a choice and reloads the page in that language. */
export function switchPageLocale(locale: DemoLocale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // the URL still carries the choice
  }
  const url = new URL(location.href);
  url.searchParams.set('locale', locale);
  location.assign(url.toString());
}

/**
 * Standalone mode (`?standalone=1`): components are shown as while developing them, so a failing
 * dynamic component shows the red error box even in the production build.
 */
export const isStandalone = (search = location.search): boolean => new URLSearchParams(search).get('standalone') === '1';
