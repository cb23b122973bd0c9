/**
 * A compact binary form for a row's sketches (several DDSketch bucket maps, see sketch.ts), so a
 * rollup row carries all of them in one column instead of one row per bucket (a row per bucket
 * index cost ingest most of its throughput).
 *
 * An encoding is one byte counting its segments, then the segments. A segment holds every
 * sketch: per sketch, the number of buckets, then each bucket as the zigzag varint of its index
 * minus the previous one (ascending, so deltas are small) and the varint of its count. Varints
 * use arithmetic rather than bit operators so counts above 2^31 survive. The sketches are the
 * sum of all segments. Merging appends the new segments (a copy, whatever the row's size) and
 * folds them into one only every {@link MAX_SEGMENTS} merges: an hour or day row is merged on
 * every write, and re-encoding its whole sketch each time was most of what rollups cost ingest.
 */

type Sketch = Map<number, number>;

// A varint of a count below 2^53 takes at most 8 bytes; a zigzag index delta at most 3.
const MAX_ENTRY_BYTES = 11;
const MAX_LENGTH_BYTES = 8;

class Writer {
  bytes: Uint8Array;
  at = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  varint(value: number): void {
    let rest = value;
    while (rest >= 128) {
      this.bytes[this.at++] = (rest % 128) + 128;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.at++] = rest;
  }
  result(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.at);
  }
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get done(): boolean {
    return this.at >= this.bytes.length;
  }
  byte(): number {
    if (this.at >= this.bytes.length) throw new Error('truncated sketch encoding');
    return this.bytes[this.at++]!;
  }
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new Error('truncated sketch encoding');
      const byte = this.bytes[this.at++]!;
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }
}

const zigzag = (n: number) => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/** The sketches, in the order given, as one buffer; empty buckets are left out. */
export function encodeSketches(sketches: readonly ReadonlyMap<number, number>[]): Buffer {
  let capacity = 1;
  for (const sketch of sketches) capacity += MAX_LENGTH_BYTES + sketch.size * MAX_ENTRY_BYTES;
  const out = new Writer(capacity);
  out.bytes[out.at++] = 1;
  for (const sketch of sketches) {
    const buckets = new Float64Array(sketch.size);
    let n = 0;
    for (const [bucket, count] of sketch) if (count > 0) buckets[n++] = bucket;
    const sorted = buckets.subarray(0, n).sort();
    out.varint(n);
    let previous = 0;
    for (const bucket of sorted) {
      out.varint(zigzag(bucket - previous));
      out.varint(sketch.get(bucket)!);
      previous = bucket;
    }
  }
  return out.result();
}

/**
 * Adds the counts held in `encoded` to `into` (one map per sketch, in the order encoded), which
 * is how windows and pages are merged. Throws on a buffer that is not of this form.
 */
export function decodeSketchesInto(encoded: Uint8Array, into: readonly Sketch[]): void {
  const input = new Reader(encoded);
  const segments = input.byte();
  for (let segment = 0; segment < segments; segment++) {
    for (const sketch of into) {
      const length = input.varint();
      let bucket = 0;
      for (let i = 0; i < length; i++) {
        bucket += unzigzag(input.varint());
        const count = input.varint();
        sketch.set(bucket, (sketch.get(bucket) ?? 0) + count);
      }
    }
  }
  if (!input.done) throw new Error('sketch encoding longer than its segments');
}

/** `count` empty sketches. */
export function emptySketches(count: number): Sketch[] {
  return Array.from({ length: count }, () => new Map<number, number>());
}

/** Segments an encoding may hold before a merge folds them into one. */
export const MAX_SEGMENTS = 8;

/** The same `count` sketches as one segment (what a merge past {@link MAX_SEGMENTS} writes). */
export function foldSketches(encoded: Uint8Array, count: number): Buffer {
  const sketches = emptySketches(count);
  decodeSketchesInto(encoded, sketches);
  return encodeSketches(sketches);
}

/** The bucket-wise sum of two encodings of `count` sketches, encoded again. */
export function mergeEncodedSketches(a: Uint8Array, b: Uint8Array, count: number): Buffer {
  const segments = (a[0] ?? 0) + (b[0] ?? 0);
  if (segments > MAX_SEGMENTS) {
    const merged = emptySketches(count);
    decodeSketchesInto(a, merged);
    decodeSketchesInto(b, merged);
    return encodeSketches(merged);
  }
  const out = Buffer.allocUnsafe(a.length + b.length - 1);
  out[0] = segments;
  out.set(a.subarray(1), 1);
  out.set(b.subarray(1), a.length);
  return out;
}
