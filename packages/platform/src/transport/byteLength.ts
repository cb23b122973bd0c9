/**
 * UTF-8 size of a string. Queue caps and the beacon quota are in bytes, while `string.length`
 * counts UTF-16 units, so a page full of non-Latin text would otherwise be under-counted.
 */
export function utf8ByteLength(text: string): number {
  // Without TextEncoder (very old engines) assume the worst case of 3 bytes per unit: caps err
  // on the safe side.
  return typeof TextEncoder === 'function' ? new TextEncoder().encode(text).length : text.length * 3;
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
