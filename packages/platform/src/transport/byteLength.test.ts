import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './byteLength.js';

const encoded = (text: string) => new TextEncoder().encode(text).length;

// Random UTF-16 text biased to the boundaries that matter: ASCII, 2- and 3-byte ranges, pairs
// in both orders and lone surrogates at the start, middle and end.
function randomText(seed: number): string {
  const units: number[] = [];
  const pick = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff, 0xf1];
  for (let i = 0; i < 40; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    units.push(pick[seed % pick.length]!);
  }
  return String.fromCharCode(...units);
}

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('ñ')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('✈️')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('')).toBe(0);
  });

  it('counts a lone surrogate as the 3 bytes of its replacement character', () => {
    expect(utf8ByteLength('\ud83d')).toBe(3);
    expect(utf8ByteLength('\ude00x')).toBe(4);
    expect(utf8ByteLength('\ude00\ud83d')).toBe(6);
  });

  it('agrees with TextEncoder on random text around every boundary', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const text = randomText(seed);
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(encoded(text));
    }
  });
});
