const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
// Daily buckets are UTC days on the server, so their dates are read in UTC: a local offset
// would otherwise name the day before.
const utcDay = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
const localDay = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}`;

/**
 * How to name a bucket start so that every bucket of the window gets a different, short label:
 * "HH:mm" for sub-day buckets within a day, "MMM d HH:mm" once hours span several days, and
 * "MMM d" for daily buckets. One format per chart keeps the axis from mixing styles.
 */
export function bucketFormatter(bucketMs: number, spanMs: number): (start: number) => string {
  if (bucketMs >= DAY) return (start) => utcDay(new Date(start));
  if (spanMs > DAY) return (start) => `${localDay(new Date(start))} ${hhmm(new Date(start))}`;
  return (start) => hhmm(new Date(start));
}

/**
 * Every bucket start from `from` to `to`, the known buckets in place and `empty(start)` for
 * the gaps, because some summaries list only buckets with data and a chart with gaps squeezed
 * out misreads time.
 */
export function denseBuckets<T extends { start: number }>(buckets: T[], from: number, to: number, bucketMs: number, empty: (start: number) => T): T[] {
  const known = new Map(buckets.map((b) => [b.start, b]));
  const first = Math.floor(Math.min(from, buckets[0]?.start ?? from) / bucketMs) * bucketMs;
  const last = Math.max(to - 1, buckets.at(-1)?.start ?? 0);
  const rows: T[] = [];
  for (let start = first; start <= last; start += bucketMs) rows.push(known.get(start) ?? empty(start));
  return rows;
}

// Tick steps that land on round times: 5, 10, 15, 30 min, 1, 2, 3, 6, 12 h, 1, 2, 7, 14 days.
const STEPS = [5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];

/**
 * The bucket starts to put a tick on: at most `maxTicks`, on round times (every 3 hours, every
 * week…) so an operator reads them at a glance, and never two ticks with the same label.
 */
export function pickTicks(starts: number[], bucketMs: number, maxTicks = 8): number[] {
  if (starts.length <= maxTicks) return starts;
  const first = starts[0] ?? 0;
  const span = (starts.at(-1) ?? first) - first + bucketMs;
  const step = STEPS.find((s) => s >= bucketMs && span / s <= maxTicks) ?? Math.ceil(span / maxTicks / bucketMs) * bucketMs;
  // Round ticks in local time for hours, in UTC for days (as the buckets are).
  const offset = step >= DAY ? 0 : new Date(first).getTimezoneOffset() * MINUTE;
  return starts.filter((start) => (start - offset) % step === 0);
}
