/**
 * A DDSketch-style log-bucket histogram: every positive value goes to bucket
 * `ceil(log_γ(value))` with γ = (1 + α) / (1 − α), and a bucket stands for the value
 * `2γ^i / (γ + 1)`, which is within α of everything the bucket holds. So any quantile read from
 * bucket counts is within α (1%) of the exact quantile, whatever the data.
 *
 * Written here rather than taken from a sketch library on purpose: the rollup tables store one
 * row per bucket index with its count, and merging two windows (minutes into hours, pages into a
 * site, 30 days into one summary) must be a plain `SUM(count) … GROUP BY bucket` in SQL. That only
 * works when the bucket mapping is a fixed, closed formula every engine reproduces (SQL can compute
 * it too: `CEIL(LN(v) / LN(γ))`), not a library's own serialised state with its own growth rules.
 */

/** The relative accuracy every quantile is guaranteed. */
export const RELATIVE_ACCURACY = 0.01;

const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);

/**
 * The smallest value that gets its own bucket; below it (CLS shifts too small to matter, zero,
 * negatives from a skewed clock) values share the zero bucket and read back as 0. At 1e-6 the
 * smallest CLS a browser reports still has its own bucket, and indexes stay small (≥ −700).
 */
export const MIN_INDEXABLE = 1e-6;

/** The bucket of zero and of everything below {@link MIN_INDEXABLE}: below every other index. */
export const ZERO_BUCKET = -32_768;

/** Bucket counts: a map or a list of `[bucket, count]` pairs (as SQL returns them). */
export type BucketCounts = ReadonlyMap<number, number> | ReadonlyArray<readonly [number, number]>;

/** The bucket index of `value` (an integer; {@link ZERO_BUCKET} for zero, negatives and tiny values). */
export function bucketOf(value: number): number {
  if (!(value >= MIN_INDEXABLE)) return ZERO_BUCKET;
  return Math.ceil(Math.log(value) / LOG_GAMMA);
}

/** The value a bucket stands for: within {@link RELATIVE_ACCURACY} of every value in it. */
export function valueOf(bucket: number): number {
  if (bucket === ZERO_BUCKET) return 0;
  return (2 * GAMMA ** bucket) / (GAMMA + 1);
}

/** Adds `value` to `counts` (a sketch being built in memory), `weight` times. */
export function addValue(counts: Map<number, number>, value: number, weight = 1): void {
  const bucket = bucketOf(value);
  counts.set(bucket, (counts.get(bucket) ?? 0) + weight);
}

/** The sum of sketches: counts added bucket by bucket (what SQL's SUM does for a window). */
export function mergeSketches(...sketches: BucketCounts[]): Map<number, number> {
  const merged = new Map<number, number>();
  for (const sketch of sketches) {
    for (const [bucket, count] of sketch) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  }
  return merged;
}

/** The number of values a sketch holds. */
export function totalCount(buckets: BucketCounts): number {
  let total = 0;
  for (const [, count] of buckets) total += count;
  return total;
}

/**
 * The `q` quantile (0..1) of the values behind these counts, by nearest rank like
 * `perf/percentile.ts` (the value of rank ⌈q·n⌉), so a sketch answers what the raw rows would,
 * within 1%. Null when the sketch is empty.
 */
export function quantile(buckets: BucketCounts, q: number): number | null {
  return quantiles(buckets, [q])[0] ?? null;
}

/** Several quantiles (each 0..1) of one sketch, sorting its buckets once. */
export function quantiles(buckets: BucketCounts, qs: readonly number[]): Array<number | null> {
  const sorted = [...buckets].filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
  const total = totalCount(sorted);
  if (total === 0) return qs.map(() => null);
  return qs.map((q) => {
    const rank = Math.max(0, Math.ceil(q * total) - 1);
    let seen = 0;
    for (const [bucket, count] of sorted) {
      seen += count;
      if (seen > rank) return valueOf(bucket);
    }
    return valueOf(sorted[sorted.length - 1]![0]);
  });
}
