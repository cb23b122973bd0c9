// The bit-level building blocks of a GPP string (IAB GPP "Consent String Specification"):
// fixed-width integers, Fibonacci integers and ranges, and the web-safe base64 alphabet.
// Bits are kept as a '0'/'1' string: a usnat string is ~100 bits, and this is the smallest code.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `value` as an unsigned integer of exactly `width` bits (callers keep it in range). */
export const fixedInt = (value: number, width: number): string => value.toString(2).padStart(width, '0');

/**
 * `n` (≥ 1) in Fibonacci coding: one bit per Fibonacci number 1, 2, 3, 5, … (smallest first),
 * chosen greedily from the largest, then a closing 1, so every code ends in "11".
 */
export function fibonacciInt(n: number): string {
  const fibs = [1, 2];
  while (fibs[fibs.length - 1]! <= n) fibs.push(fibs[fibs.length - 1]! + fibs[fibs.length - 2]!);
  let bits = '1';
  // The last Fibonacci number exceeds n; walk down from the one before it, writing right to left.
  for (let i = fibs.length - 2; i >= 0; i--) {
    const used = fibs[i]! <= n;
    if (used) n -= fibs[i]!;
    bits = (used ? '1' : '0') + bits;
  }
  return bits;
}

/**
 * A Range(Fibonacci) of ids: a 12-bit item count, then per item a group flag and the offset from
 * the previous id (plus, for a run of consecutive ids, its length). `sorted`: distinct ids in
 * ascending order, as the spec requires; each run of two or more becomes one group, as the IAB's
 * library writes it.
 */
export function fibonacciRange(sorted: readonly number[]): string {
  let items = '';
  let count = 0;
  let last = 0;
  for (let i = 0; i < sorted.length; i++, count++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    const length = sorted[i]! - start;
    items += (length ? '1' : '0') + fibonacciInt(start - last) + (length ? fibonacciInt(length) : '');
    last = sorted[i]!;
  }
  return fixedInt(count, 12) + items;
}

/**
 * Bits to base64url text, 6 bits a character. Padding: zeros to a whole byte, then to a multiple
 * of 6 — what the IAB's reference library writes (so the usnat header reads "DBABLA" rather than
 * the spec example's 6-bit-padded "DBABL"); readers ignore trailing padding either way.
 */
export function base64Url(bits: string): string {
  bits += '0'.repeat(-bits.length & 7);
  bits += '0'.repeat((6 - (bits.length % 6)) % 6);
  return bits.replace(/.{6}/g, (six) => ALPHABET[parseInt(six, 2)]!);
}
