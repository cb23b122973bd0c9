import { describe, expect, it } from 'vitest';
import { describeValue } from './describeValue.js';

describe('describeValue', () => {
  it('writes objects as JSON and survives cycles, BigInt and functions', () => {
    const trip: Record<string, unknown> = { id: 7, legs: [1n], fn: function pick() {} };
    trip.self = trip;
    expect(describeValue(trip)).toBe('{"id":7,"legs":["1n"],"fn":"[Function pick]","self":"[Circular]"}');
  });

  it('writes an object shared twice (not a cycle) both times', () => {
    const shared = { a: 1 };
    expect(describeValue({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}');
  });

  it('writes primitives and Errors as text', () => {
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(42)).toBe('42');
    const error = new RangeError('bad date');
    error.stack = 'parse@https://x.example/a.js:1:2';
    expect(describeValue(error)).toBe('RangeError: bad date\nparse@https://x.example/a.js:1:2');
    expect(describeValue({ cause: error })).toContain('"message":"bad date"');
  });

  it('falls back when JSON itself throws', () => {
    const hostile = {
      toJSON() {
        throw new Error('no');
      },
    };
    expect(describeValue(hostile)).toBe('[object Object]');
  });
});

describe('describeValue of an Error', () => {
  it('keeps a V8 stack as is, since it starts with the message', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at f (https://x.example/a.js:1:2)';
    expect(describeValue(error)).toBe(error.stack);
    error.stack = '';
    expect(describeValue(error)).toBe('Error: boom');
  });
});
