/**
 * A compact binary form for a row's sketches (several DDSketch bucket maps, see sketch.ts), so a
 * rollup row carries all of them in one column instead of one row per bucket (an earlier layout
 * with a row per bucket index cost ingest most of its throughput). Per sketch: the number of
 * buckets, then each bucket as the zigzag varint of its index minus the previous one (ascending,
 * so deltas are small) and the varint of its count. Counts and indexes stay exact integers; the
 * varints use arithmetic rather than bit operators so counts above 2^31 survive.
 *
 * This runs on every rollup upsert, so it avoids intermediate arrays and maps: encoding writes
 * into one buffer, and merging two encodings walks both in step, never decoding them into maps.
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
  let capacity = 0;
  for (const sketch of sketches) capacity += MAX_LENGTH_BYTES + sketch.size * MAX_ENTRY_BYTES;
  const out = new Writer(capacity);
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
  for (const sketch of into) {
    if (input.done) break; // an older row with fewer sketches: the rest are empty
    const length = input.varint();
    let bucket = 0;
    for (let i = 0; i < length; i++) {
      bucket += unzigzag(input.varint());
      const count = input.varint();
      sketch.set(bucket, (sketch.get(bucket) ?? 0) + count);
    }
  }
}

/** `count` empty sketches. */
export function emptySketches(count: number): Sketch[] {
  return Array.from({ length: count }, () => new Map<number, number>());
}

/** One sketch's buckets read in order from an encoding. */
class BucketStream {
  left: number;
  bucket = 0;
  count = 0;
  constructor(private readonly input: Reader) {
    this.left = input.done ? 0 : input.varint();
    this.next();
  }
  get ended(): boolean {
    return this.count < 0;
  }
  next(): void {
    if (this.left === 0) {
      this.count = -1;
      return;
    }
    this.left--;
    this.bucket += unzigzag(this.input.varint());
    this.count = this.input.varint();
  }
}

/** The bucket-wise sum of two encodings of `count` sketches, encoded again. */
export function mergeEncodedSketches(a: Uint8Array, b: Uint8Array, count: number): Buffer {
  const left = new Reader(a);
  const right = new Reader(b);
  const out = new Writer(a.length + b.length + count * MAX_LENGTH_BYTES);
  const entries = new Writer(a.length + b.length + MAX_ENTRY_BYTES);
  for (let s = 0; s < count; s++) {
    const x = new BucketStream(left);
    const y = new BucketStream(right);
    entries.at = 0;
    let n = 0;
    let previous = 0;
    const emit = (bucket: number, total: number) => {
      entries.varint(zigzag(bucket - previous));
      entries.varint(total);
      previous = bucket;
      n++;
    };
    while (!x.ended || !y.ended) {
      if (y.ended || (!x.ended && x.bucket < y.bucket)) {
        emit(x.bucket, x.count);
        x.next();
      } else if (x.ended || y.bucket < x.bucket) {
        emit(y.bucket, y.count);
        y.next();
      } else {
        emit(x.bucket, x.count + y.count);
        x.next();
        y.next();
      }
    }
    out.varint(n);
    out.bytes.set(entries.bytes.subarray(0, entries.at), out.at);
    out.at += entries.at;
  }
  return out.result();
}
