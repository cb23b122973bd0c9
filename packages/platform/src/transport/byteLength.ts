/**
 * UTF-8 size of a string. Queue caps and the keepalive quota are in bytes, while `string.length`
 * counts UTF-16 units, so a page full of non-Latin text would otherwise be under-counted.
 * TextEncoder on purpose: it stays in the renderer and costs a microsecond or two per queued
 * item, where `new Blob([text]).size` leaves the renderer and cost hundreds in Chromium. A
 * lone surrogate counts 3, as the U+FFFD every encoder writes for it.
 */
export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
