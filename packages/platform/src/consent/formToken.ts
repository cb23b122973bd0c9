/** A form token, or something that gives one (possibly later, possibly asynchronously). */
export type FormTokenSource = string | (() => string | null | undefined | Promise<string | null | undefined>);

/** The spec's rule: a non-empty string shorter than 100 characters. */
export const isValidFormToken = (token: unknown): token is string =>
  typeof token === 'string' && token.length > 0 && token.length < 100;

/**
 * Resolves with the first valid token. A function is asked again every `intervalMs` (the page
 * may add the token after the handler started); a fixed string is either valid now or never,
 * and then the promise rejects. `stopped()` ends the asking when the handler is stopped.
 */
export async function waitForFormToken(source: FormTokenSource, intervalMs: number, stopped: () => boolean): Promise<string> {
  if (typeof source !== 'function') {
    if (isValidFormToken(source)) return source;
    throw new Error('consent: invalid formToken');
  }
  while (!stopped()) {
    let token: unknown;
    try {
      token = await source();
    } catch {
      // not available yet
    }
    if (isValidFormToken(token)) return token;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error('consent: stopped');
}
