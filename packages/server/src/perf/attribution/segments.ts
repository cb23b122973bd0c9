import { decodeSketchesInto, encodeSketches } from '../../rollups/sketchCodec.js';

type Sketch = Map<number, number>;

/**
 * The appendable framing both attribution encodings share (attributionStats.ts, metricRollup.ts):
 * one byte counting segments, then segments, each a 4-byte length and a JSON header, then a
 * 4-byte length and one sketchCodec.ts encoding of the segment's sketches. Two stored values add
 * up by concatenating their segments, so a write never decodes what is already stored. What the
 * header names and in which order the sketches come is each encoding's own.
 */

/** One segment holding `header` and `sketches`. */
export function encodeSegment(header: unknown, sketches: readonly ReadonlyMap<number, number>[]): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const encoded = encodeSketches(sketches);
  const out = Buffer.allocUnsafe(9 + json.length + encoded.length);
  out[0] = 1;
  out.writeUInt32BE(json.length, 1);
  json.copy(out, 5);
  out.writeUInt32BE(encoded.length, 5 + json.length);
  encoded.copy(out, 9 + json.length);
  return out;
}

/**
 * Adds every segment of `encoded` into the sketches `mapsFor` gives for its header (in the order
 * they were encoded); throws, naming `what`, on a buffer of another form. The empty buffer holds none.
 */
export function decodeSegments<H>(encoded: Uint8Array, mapsFor: (header: H) => Sketch[], what: string): void {
  if (encoded.length === 0) return;
  const bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.length);
  let at = 1;
  for (let segment = 0; segment < bytes[0]!; segment++) {
    const length = bytes.readUInt32BE(at);
    const header = JSON.parse(bytes.toString('utf8', at + 4, at + 4 + length)) as H;
    at += 4 + length;
    const sketchLength = bytes.readUInt32BE(at);
    decodeSketchesInto(bytes.subarray(at + 4, at + 4 + sketchLength), mapsFor(header));
    at += 4 + sketchLength;
  }
  if (at !== bytes.length) throw new Error(`${what} longer than its segments`);
}
