import { describe, expect, it } from 'vitest';
import { ZERO_BUCKET, addValue } from './sketch.js';
import { MAX_SEGMENTS, decodeSketchesInto, emptySketches, encodeSketches, foldSketches, mergeEncodedSketches } from './sketchCodec.js';

const decode = (encoded: Uint8Array, count: number) => {
  const sketches = emptySketches(count);
  decodeSketchesInto(encoded, sketches);
  return sketches;
};

describe('sketch codec', () => {
  it('reads back every bucket and count, the zero bucket, negative indexes and counts past 2^31', () => {
    const a = new Map([[ZERO_BUCKET, 3], [-690, 1], [-1, 2], [0, 7], [512, 5_000_000_000], [700, 1]]);
    const b = new Map<number, number>();
    for (const v of [1, 10, 100, 1000, 1e5]) addValue(b, v, 2);
    expect(decode(encodeSketches([a, new Map(), b]), 3)).toEqual([a, new Map(), b]);
  });

  it('keeps the form small: a few bytes per bucket of nearby indexes', () => {
    const sketch = new Map(Array.from({ length: 100 }, (_, i) => [300 + i, 1 + i] as [number, number]));
    expect(encodeSketches([sketch]).length).toBeLessThanOrEqual(1 + 1 + 3 + 99 * 2 + 2);
  });

  it('merges two encodings bucket by bucket', () => {
    const merged = decode(mergeEncodedSketches(encodeSketches([new Map([[1, 2], [5, 1]]), new Map()]), encodeSketches([new Map([[5, 4]]), new Map([[-3, 1]])]), 2), 2);
    expect(merged).toEqual([new Map([[1, 2], [5, 5]]), new Map([[-3, 1]])]);
  });

  it('appends merged segments, then folds them into one past MAX_SEGMENTS, the sums unchanged', () => {
    const delta = (i: number) => encodeSketches([new Map([[i % 3, 1], [100 + i, 2]]), new Map([[-5, i + 1]])]);
    let stored = delta(0);
    const expected = decode(stored, 2);
    for (let i = 1; i <= 3 * MAX_SEGMENTS; i++) {
      const grown = mergeEncodedSketches(stored, delta(i), 2);
      const folded = grown[0] === 1;
      expect(folded).toBe(i % MAX_SEGMENTS === 0);
      if (!folded) expect(grown.length).toBe(stored.length + delta(i).length - 1);
      stored = grown;
      const [first, second] = decode(delta(i), 2);
      for (const [bucket, count] of first!) expected[0]!.set(bucket, (expected[0]!.get(bucket) ?? 0) + count);
      for (const [bucket, count] of second!) expected[1]!.set(bucket, (expected[1]!.get(bucket) ?? 0) + count);
      expect(decode(stored, 2)).toEqual(expected);
    }
  });

  it('folds appended segments into one, byte for byte the encoding of their sums', () => {
    const a = new Map([[1, 2], [5, 1]]);
    const b = new Map([[5, 4], [-3, 1]]);
    const appended = mergeEncodedSketches(encodeSketches([a, new Map()]), encodeSketches([b, new Map([[7, 7]])]), 2);
    expect(appended[0]).toBe(2);
    expect(foldSketches(appended, 2)).toEqual(encodeSketches([new Map([[1, 2], [5, 5], [-3, 1]]), new Map([[7, 7]])]));
  });

  it('refuses a truncated encoding', () => {
    const encoded = encodeSketches([new Map([[1000, 300]])]);
    expect(() => decode(encoded.subarray(0, encoded.length - 1), 1)).toThrow(/truncated/);
  });
});
