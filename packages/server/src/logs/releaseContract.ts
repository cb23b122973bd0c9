import type { ContextValue } from './contract.js';

/** What a release name may be: the r9 versions and `app@1.2.3` style names, nothing path-like. */
export const RELEASE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._+@-]{0,99}$';

const release = new RegExp(RELEASE_PATTERN);

/** True for a valid release name. */
export function isReleaseName(value: string): boolean {
  return release.test(value);
}

/**
 * The release a message was sent from: its context's `r9Version` (pages set it from the
 * `r9-version` meta tag). Taken from the context rather than a wire field, so the browser
 * logger does not grow a byte. A value that is not a valid name counts as no release: the message
 * is still stored, it only cannot take part in release tracking.
 */
export function releaseOf(context: Record<string, ContextValue>): string | null {
  const value = context.r9Version;
  return typeof value === 'string' && isReleaseName(value) ? value : null;
}
