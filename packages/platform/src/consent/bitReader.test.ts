import { describe, expect, it } from 'vitest';
import { createBitReader } from './bitReader.js';
import { seededRandom } from '../../../server/src/consent/testing/generateTcStrings.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// The reference encoding, written the slow and obvious way: fields as '0'/'1' text, six bits a
// character, zero padded at the end.
function encode(fields: Array<{ width: number; value: number }>): string {
  let bits = fields.map(({ width, value }) => value.toString(2).padStart(width, '0')).join('');
  bits += '0'.repeat((6 - (bits.length % 6)) % 6);
  return (bits.match(/.{6}/g) ?? []).map((sextet) => ALPHABET[parseInt(sextet, 2)]).join('');
}

describe('createBitReader', () => {
  it('reads back fields of every width from 1 to 36 bits, across character boundaries', () => {
    const random = seededRandom(36);
    for (let run = 0; run < 50; run++) {
      const fields = Array.from({ length: 40 }, () => {
        const width = 1 + Math.floor(random() * 36);
        return { width, value: Math.floor(random() * 2 ** width) };
      });
      const reader = createBitReader(encode(fields));
      expect(fields.map(({ width }) => reader.int(width))).toEqual(fields.map(({ value }) => value));
    }
  });

  it('reads every character of the alphabet as its 6-bit value', () => {
    const reader = createBitReader(ALPHABET);
    expect(Array.from(ALPHABET, () => reader.int(6))).toEqual(Array.from(ALPHABET, (_, i) => i));
  });

  it('reads flags for ids 1..count and booleans in bit order', () => {
    const pattern = [1, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0];
    const reader = createBitReader(encode([{ width: 1, value: 1 }, ...pattern.map((value) => ({ width: 1, value }))]));
    expect(reader.bool()).toBe(true);
    expect(reader.flags(pattern.length)).toEqual(Object.fromEntries(pattern.map((on, i) => [i + 1, on === 1])));
    expect(reader.flags(0)).toEqual({});
  });

  it('gives every flags call its own object, whatever counts came before', () => {
    const first = createBitReader('_').flags(6);
    first[1] = false;
    (first as Record<number, unknown>)[99] = 'changed';
    expect(createBitReader('_').flags(6)).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true, 6: true });
    expect(createBitReader('A').flags(6)).toEqual({ 1: false, 2: false, 3: false, 4: false, 5: false, 6: false });
    // More different counts than the reader keeps all-false copies of, then the first again.
    for (let count = 1; count <= 40; count++) {
      const flags = createBitReader('_'.repeat(7)).flags(count);
      expect(Object.keys(flags)).toHaveLength(count);
      expect(Object.values(flags).every(Boolean)).toBe(true);
    }
    expect(createBitReader('g').flags(6)).toEqual({ 1: true, 2: false, 3: false, 4: false, 5: false, 6: false });
  });

  it('throws on characters outside base64url, wherever they are', () => {
    for (const bad of ['AB+C', 'AB/C', 'ABC=', 'AB C', 'ABé', 'A😀', 'AAAA.']) {
      expect(() => createBitReader(bad), bad).toThrow();
    }
  });

  it('throws on a read past the last character, not before', () => {
    const reader = createBitReader('AAAA');
    expect(reader.int(20)).toBe(0);
    expect(() => reader.int(5)).toThrow();
    expect(() => createBitReader('AA').flags(13)).toThrow();
    expect(createBitReader('__').flags(12)).toEqual(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, true])));
    expect(() => createBitReader('').bool()).toThrow();
  });
});
