/**
 * UTF-8 size of a string without allocating an encoder or a Blob. Queue caps and the beacon
 * quota are in bytes, while `string.length` counts UTF-16 units, so a page full of non-Latin
 * text would otherwise be under-counted by up to 3x.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte code point: count it once, on its high half.
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Approximate wire size of one queued item: its JSON encoding. Items that cannot be encoded
 * (cycles, BigInt) count as a small constant; they are the encoder's problem, not the queue's.
 */
export function jsonByteLength(item: unknown): number {
  try {
    return utf8ByteLength(JSON.stringify(item) ?? '');
  } catch {
    return 16;
  }
}
