const hex = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');

/**
 * A short, stable, non-cryptographic hash (16 hex digits) for grouping: two different 32-bit
 * mixes over the same text (FNV-1a and a multiply-xorshift), so collisions between distinct
 * problems stay negligible at the scale of one site's error groups.
 */
export function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return hex(a) + hex(b);
}
