/** The slice of the logger the triggers need, so tests can pass a spy. */
export interface ErrorLogger {
  error(...args: unknown[]): void;
}

/**
 * Throws outside React and outside the click handler's call stack, so neither an error
 * boundary nor React's event system sees it: it reaches `window.onerror` as a real uncaught
 * error, the way a bug in a timer callback would.
 */
export function throwUncaughtError(schedule: (run: () => void) => void = (run) => setTimeout(run, 0)): void {
  schedule(() => {
    throw new Error('Demo: an uncaught error thrown from a timer');
  });
}

/** Rejects with nobody listening, which is what `unhandledrejection` reports. */
export function rejectPromise(): void {
  void Promise.reject(new Error('Demo: a promise rejected with no handler'));
}

/** The message carries an e-mail address so the console shows it arriving as `{email}`. */
export const emailMessage = 'Payment failed for jane.doe@example.com';

/** Logs through the platform logger, which scrubs the address before it leaves the page. */
export function logErrorWithEmail(logger: ErrorLogger): void {
  logger.error(emailMessage);
}
