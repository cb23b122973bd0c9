import { describe, expect, it } from 'vitest';
import { ZERO_BUCKET, addValue } from './sketch.js';
import { decodeSketchesInto, emptySketches, encodeSketches, mergeEncodedSketches } from './sketchCodec.js';

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
    expect(encodeSketches([sketch]).length).toBeLessThanOrEqual(1 + 3 + 99 * 2 + 2);
  });

  it('merges two encodings bucket by bucket', () => {
    const merged = decode(mergeEncodedSketches(encodeSketches([new Map([[1, 2], [5, 1]]), new Map()]), encodeSketches([new Map([[5, 4]]), new Map([[-3, 1]])]), 2), 2);
    expect(merged).toEqual([new Map([[1, 2], [5, 5]]), new Map([[-3, 1]])]);
  });

  it('refuses a truncated encoding', () => {
    const encoded = encodeSketches([new Map([[1000, 300]])]);
    expect(() => decode(encoded.subarray(0, encoded.length - 1), 1)).toThrow(/truncated/);
  });
});
