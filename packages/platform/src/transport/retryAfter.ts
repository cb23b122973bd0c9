/**
 * The wait, in ms from `now`, that a `Retry-After` header asks for: a number of seconds or an
 * HTTP date. Negative when that time is past; 0 for no header or one that is neither.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number {
  return Number(header) * 1000 || Date.parse(header!) - now || 0;
}
