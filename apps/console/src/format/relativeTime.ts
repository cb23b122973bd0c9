const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * "How long ago" in the compact form a busy table can afford ("12 s ago", "3 h ago").
 * Times slightly in the future (server and browser clocks differ) read as "just now".
 */
export function relativeTime(then: number, now: number): string {
  const elapsed = now - then;
  if (elapsed < 5_000) return 'just now';
  if (elapsed < minute) return `${Math.floor(elapsed / 1000)} s ago`;
  if (elapsed < hour) return `${Math.floor(elapsed / minute)} min ago`;
  if (elapsed < day) return `${Math.floor(elapsed / hour)} h ago`;
  return `${Math.floor(elapsed / day)} d ago`;
}

/**
 * A precise local timestamp (`2026-11-22 15:04:05`) for titles and detail views, sortable
 * and unambiguous across locales.
 */
export function absoluteTime(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}
