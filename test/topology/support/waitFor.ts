/**
 * Polls `check` until it returns a value (not undefined) or the time runs out; a check that throws
 * ends the wait at once with its error. On a slow, shared machine every wait in this test is one
 * on a condition, never a fixed sleep.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs, what, intervalMs = 200 }: { timeoutMs: number; what: string | (() => string); intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
