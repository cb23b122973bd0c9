/**
 * A compact binary form for a row's sketches (several DDSketch bucket maps, see sketch.ts), so a
 * rollup row carries all of them in one column instead of one row per bucket (an earlier layout
 * with a row per bucket index cost ingest most of its throughput). Per sketch: the number of
 * buckets, then each bucket as the zigzag varint of its index minus the previous one (ascending,
 * so deltas are small) and the varint of its count. Counts and indexes stay exact integers; the
 * varints use arithmetic rather than bit operators so counts above 2^31 survive.
 */

type Sketch = Map<number, number>;

function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 128) {
    out.push((rest % 128) + 128);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
}

const zigzag = (n: number) => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/** The sketches, in the order given, as one buffer; empty buckets are left out. */
export function encodeSketches(sketches: readonly ReadonlyMap<number, number>[]): Buffer {
  const out: number[] = [];
  for (const sketch of sketches) {
    const buckets = [...sketch].filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
    pushVarint(out, buckets.length);
    let previous = 0;
    for (const [bucket, count] of buckets) {
      pushVarint(out, zigzag(bucket - previous));
      pushVarint(out, count);
      previous = bucket;
    }
  }
  return Buffer.from(out);
}

/**
 * Adds the counts held in `encoded` to `into` (one map per sketch, in the order encoded), which
 * is how windows and pages are merged. Throws on a buffer that is not of this form.
 */
export function decodeSketchesInto(encoded: Uint8Array, into: readonly Sketch[]): void {
  let at = 0;
  const readVarint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (at >= encoded.length) throw new Error('truncated sketch encoding');
      const byte = encoded[at++]!;
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  };
  for (const sketch of into) {
    if (at >= encoded.length) break; // an older row with fewer sketches: the rest are empty
    const length = readVarint();
    let bucket = 0;
    for (let i = 0; i < length; i++) {
      bucket += unzigzag(readVarint());
      const count = readVarint();
      sketch.set(bucket, (sketch.get(bucket) ?? 0) + count);
    }
  }
}

/** `count` empty sketches. */
export function emptySketches(count: number): Sketch[] {
  return Array.from({ length: count }, () => new Map<number, number>());
}

/** The bucket-wise sum of two encodings of `count` sketches, encoded again. */
export function mergeEncodedSketches(a: Uint8Array, b: Uint8Array, count: number): Buffer {
  const merged = emptySketches(count);
  decodeSketchesInto(a, merged);
  decodeSketchesInto(b, merged);
  return encodeSketches(merged);
}
