import { describe, expect, it } from 'vitest';
import { findReservedKey, isIdentifierText } from './strictInput.js';

describe('findReservedKey', () => {
  it('finds a reserved name at any depth, in objects inside arrays, and names its path', () => {
    expect(findReservedKey({ messages: [{ context: { ok: 1, toString: 'x' } }] })).toBe('body/messages/0/context/toString');
    expect(findReservedKey(JSON.parse('{"a":{"__proto__":{"b":1}}}'))).toBe('body/a/__proto__');
    expect(findReservedKey({ events: [{ params: { constructor: 1 } }] })).toBe('body/events/0/params/constructor');
    expect(findReservedKey({ hasOwnProperty: true })).toBe('body/hasOwnProperty');
  });

  it('passes bodies without one, whatever their values (values may say anything)', () => {
    expect(findReservedKey({ a: ['__proto__', 'toString'], b: { c: 'constructor' } })).toBeNull();
    expect(findReservedKey('toString')).toBeNull();
    expect(findReservedKey(null)).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = { prototype: 1 };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findReservedKey(deep)).toMatch(/\/prototype$/);
  });
});

describe('isIdentifierText', () => {
  it('refuses control characters, DEL and unpaired surrogates', () => {
    for (const text of ['a\u0000', '\u0001', 'x\u001f', '\u007f', 'a\ud800', '\udc00b', 'a\udc00\ud800']) expect(isIdentifierText(text), JSON.stringify(text)).toBe(false);
  });

  it('accepts any other text, pairs included', () => {
    for (const text of ['', 'flights', 'tipo ✈', '😀', 'é/ñ-_.:', '/vs/page/a%20b/-/-']) expect(isIdentifierText(text), text).toBe(true);
  });
});
