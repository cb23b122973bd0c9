import { describe, expect, it } from 'vitest';
import { jsonByteLength, utf8ByteLength } from './byteLength.js';

describe('byte lengths', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('ñ')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('✈️')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('sizes items by their JSON and survives items JSON cannot write', () => {
    expect(jsonByteLength({ a: 'ñ' })).toBe(10);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonByteLength(cyclic)).toBe(16);
  });
});
