import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';
import {
  MIN_INDEXABLE, RELATIVE_ACCURACY, ZERO_BUCKET, addValue, bucketOf, mergeSketches, quantile, quantiles, totalCount, valueOf,
} from './sketch.js';

// Floating-point slack on top of the 1% guarantee (a value right on a bucket edge).
const TOLERANCE = RELATIVE_ACCURACY * (1 + 1e-9);

const sketchOf = (values: number[]) => {
  const counts = new Map<number, number>();
  for (const value of values) addValue(counts, value);
  return counts;
};

const withinAccuracy = (estimate: number | null, exact: number | null) => {
  if (exact === null) return estimate === null;
  if (exact === 0) return estimate === 0;
  return estimate !== null && Math.abs(estimate - exact) <= TOLERANCE * exact;
};

// Values as the vitals carry them: zero, CLS-like fractions, milliseconds up to minutes.
const metricValue = fc.oneof(
  fc.constant(0),
  fc.double({ min: MIN_INDEXABLE, max: 1, noNaN: true }),
  fc.double({ min: 1, max: 600_000, noNaN: true }),
  fc.integer({ min: 1, max: 60_000 }),
);
const dataSet = fc.array(metricValue, { minLength: 1, maxLength: 400 });
const quantileArb = fc.oneof(fc.constantFrom(0.5, 0.75, 0.9, 0.99, 1), fc.double({ min: 0, max: 1, noNaN: true }));

describe('the sketch', () => {
  it('answers every quantile within 1% of the exact nearest-rank quantile', () => {
    fc.assert(
      fc.property(dataSet, quantileArb, (values, q) => {
        const exact = percentile(values, q * 100);
        return withinAccuracy(quantile(sketchOf(values), q), exact);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the sketch of the union when two sketches are merged', () => {
    fc.assert(
      fc.property(dataSet, dataSet, (a, b) => {
        const merged = mergeSketches(sketchOf(a), sketchOf(b));
        const union = sketchOf([...a, ...b]);
        expect([...merged].sort((x, y) => x[0] - y[0])).toEqual([...union].sort((x, y) => x[0] - y[0]));
      }),
      { numRuns: 300 },
    );
  });

  it('reads the same from a list of [bucket, count] pairs as from a map, with several quantiles at once', () => {
    fc.assert(
      fc.property(dataSet, (values) => {
        const sketch = sketchOf(values);
        const pairs = [...sketch].reverse();
        expect(quantiles(pairs, [0.75, 0.9, 0.99])).toEqual([0.75, 0.9, 0.99].map((q) => quantile(sketch, q)));
        expect(totalCount(pairs)).toBe(values.length);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every value within 1% of the value its bucket stands for', () => {
    fc.assert(
      fc.property(fc.double({ min: MIN_INDEXABLE, max: 1e9, noNaN: true }), (value) => {
        return Math.abs(valueOf(bucketOf(value)) - value) <= TOLERANCE * value;
      }),
      { numRuns: 2000 },
    );
  });

  it('puts zero, negatives, NaN and values below the smallest indexable one in the zero bucket, read back as 0', () => {
    for (const value of [0, -5, Number.NaN, MIN_INDEXABLE / 2]) expect(bucketOf(value)).toBe(ZERO_BUCKET);
    expect(valueOf(ZERO_BUCKET)).toBe(0);
    expect(bucketOf(MIN_INDEXABLE)).toBeGreaterThan(ZERO_BUCKET);
  });

  it('maps larger values to higher buckets, so counts sorted by bucket are sorted by value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }), (a, b) => {
        return a <= b ? bucketOf(a) <= bucketOf(b) : bucketOf(a) >= bucketOf(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('has nothing to say about an empty sketch', () => {
    expect(quantile(new Map(), 0.75)).toBeNull();
    expect(quantile([[12, 0]], 0.5)).toBeNull();
  });
});
