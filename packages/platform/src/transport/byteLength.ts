/**
 * UTF-8 size of a string, counted in place. Queue caps and the keepalive quota are in bytes,
 * while `string.length` counts UTF-16 units, so a page full of non-Latin text would otherwise be
 * under-counted. Counted by hand on purpose: `new Blob([text]).size` leaves the renderer and
 * costs hundreds of microseconds per call in Chromium, and TextEncoder allocates the bytes it
 * only needs to count. A lone surrogate counts 3, as the U+FFFD every encoder writes for it.
 */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit > 127) {
      // 2 bytes below U+0800, else 3; a surrogate pair is 4 bytes for its 2 units.
      bytes += unit < 2048 ? 1 : 2;
      if (unit >> 10 == 54 && text.charCodeAt(i + 1) >> 10 == 55) i++;
    }
  }
  return bytes;
}
