/**
 * How hard a sender insists; small numbers on purpose, a page must not hammer a sick server:
 * five attempts in total, 1 s before the first retry, doubling, no backoff over 30 s. Fixed
 * rather than options: no product needs others, and every byte here is in every entry.
 */
export const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * The wait before the next attempt once `attempts` (1 or more) have failed: the backoff doubles
 * from 1 s up to 30 s, and only half of it is fixed, the other half is `random` (in [0, 1)) times
 * that half. This "equal jitter" keeps pages that failed together from returning together while
 * still waiting at least half the backoff.
 */
export function retryDelayMs(attempts: number, random: number): number {
  const backoff = Math.min(MAX_DELAY_MS, (BASE_DELAY_MS / 2) * 2 ** attempts);
  return (backoff * (1 + random)) / 2;
}
