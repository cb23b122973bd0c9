import { describe, expect, it } from 'vitest';
import { base64Url, fibonacciInt, fibonacciRange, fixedInt } from './bits.js';

describe('GPP bit encodings', () => {
  it('writes Fibonacci codes as the specification tabulates them', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(fibonacciInt)).toEqual(['11', '011', '0011', '1011', '00011', '10011', '01011']);
    // 12 = 8 + 3 + 1 → F(2), F(4), F(6) set.
    expect(fibonacciInt(12)).toBe('101011');
  });

  it('writes the Range(Fibonacci) example of the specification', () => {
    // [3, 5, 6, 7, 8]: a single 3, then a group starting 2 after it, 3 long.
    expect(fibonacciRange([3, 5, 6, 7, 8])).toBe('000000000010' + '0' + '0011' + '1' + '011' + '0011');
    expect(fibonacciRange([1, 2, 3])).toBe('000000000001' + '1' + '11' + '011');
    expect(fibonacciRange([])).toBe(fixedInt(0, 12));
  });

  it('maps 6-bit groups to the base64url alphabet and pads with zeros to a byte, then to 6 bits', () => {
    expect(base64Url('000011000001' + '000000000000')).toBe('DBAA');
    expect(base64Url('111110111111' + '000001000010')).toBe('-_BC');
    // 12 bits → 16 → 18.
    expect(base64Url('000011000001')).toBe('DBA');
    // 30 bits (the usnat header) → 32 → 36: one extra "A".
    expect(base64Url('000011' + '000001' + '000000000001' + '0' + '01011')).toBe('DBABLA');
  });
});
