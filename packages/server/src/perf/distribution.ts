import { THRESHOLDS, VITALS, rate } from './contract.js';
import type { Rating, VitalField } from './contract.js';
import { percentile } from './percentile.js';
import { valuesOf } from './vitalsStats.js';
import type { PerfReport } from './contract.js';

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
 */
export function distribution(field: VitalField, reports: PerfReport[], binCount = 24): DistributionBin[] {
  const name = VITALS[field];
  const values = valuesOf(field, reports);
  const poor = THRESHOLDS[name][1];
  const top = Math.min(Math.max(poor * 1.5, percentile(values, 95) ?? 0), poor * 4);
  const width = niceStep(top / binCount);
  const bins: DistributionBin[] = Array.from({ length: binCount }, (_, i) => ({
    from: round(i * width),
    to: round((i + 1) * width),
    count: 0,
    rating: rate(name, i * width + width / 2),
  }));
  for (const value of values) bins[Math.min(binCount - 1, Math.floor(value / width))]!.count++;
  return bins;
}

// A bin width of 1, 2, 2.5 or 5 times a power of ten keeps axis labels readable.
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
