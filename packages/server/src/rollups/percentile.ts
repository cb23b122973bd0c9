/**
 * Nearest-rank percentile of numbers (p in 0..100): always a value that was really measured,
 * the way web-vitals dashboards (CrUX, PageSpeed) quote "the 75th percentile". Null when empty.
 */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}
