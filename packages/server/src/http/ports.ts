/** Fixed-window request counters (rate limits) kept in the store. */
export interface CounterPort {
  /**
   * Adds one to `key`'s count in the window of `windowMs` that holds `now`; the count after
   * adding and when that window ends.
   */
  increment(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}
