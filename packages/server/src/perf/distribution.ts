import { quantile, valueOf } from '../rollups/sketch.js';
import { THRESHOLDS, rate } from './contract.js';
import type { MetricName, Rating } from './contract.js';

/** One bar of a histogram: values in [from, to), rated by the bin's start. */
export interface DistributionBin {
  from: number;
  to: number;
  count: number;
  rating: Rating;
}

/**
 * A histogram of one vital with `binCount` equal bins from 0 to a little past the poor limit
 * (further, up to four times that limit, when the p95 lies beyond), so the three ratings stay
 * readable and a few extreme values do not squash the chart; the last bin holds everything above.
 * Built from the metric's merged sketch: each sketch bucket's count goes to the bin of the value
 * the bucket stands for (within 1 % of its values, so only values that close to a bin edge may
 * land in the neighbouring bin).
 */
export function distribution(name: MetricName, sketch: ReadonlyMap<number, number>, binCount = 24): DistributionBin[] {
  const poor = THRESHOLDS[name][1];
  const top = Math.min(Math.max(poor * 1.5, quantile(sketch, 0.95) ?? 0), poor * 4);
  const width = niceStep(top / binCount);
  const bins: DistributionBin[] = Array.from({ length: binCount }, (_, i) => ({
    from: round(i * width),
    to: round((i + 1) * width),
    count: 0,
    rating: rate(name, i * width + width / 2),
  }));
  for (const [bucket, count] of sketch) bins[Math.min(binCount - 1, Math.floor(valueOf(bucket) / width))]!.count += count;
  return bins;
}

// A bin width of 1, 2, 2.5 or 5 times a power of ten keeps axis labels readable.
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
