/**
 * Whether the page shows its developer tools (error triggers, the broken dynamic component):
 * with `?dev=1`, or in a development build. Never on the public page, where a visitor would
 * only find buttons that break things.
 */
export function isDevMode(search = location.search, development: boolean = import.meta.env.DEV): boolean {
  return development || new URLSearchParams(search).get('dev') === '1';
}
