import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './byteLength.js';

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('ñ')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('✈️')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
  });
});
