/**
 * UTF-8 size of a string. Queue caps and the keepalive quota are in bytes, while `string.length`
 * counts UTF-16 units, so a page full of non-Latin text would otherwise be under-counted. A
 * Blob is used rather than TextEncoder because old browsers (the ones on the XHR path) have it.
 */
export function utf8ByteLength(text: string): number {
  return new Blob([text]).size;
}
