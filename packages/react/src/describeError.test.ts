import { describe, expect, it } from 'vitest';
import { describeError } from './describeError.js';

describe('describeError', () => {
  it('keeps name, message and stack of an Error', () => {
    const error = new TypeError('bad');
    const described = describeError(error);
    expect(described).toEqual({ name: 'TypeError', message: 'bad', stack: error.stack });
  });

  it('uses a thrown string as the message', () => {
    expect(describeError('nope')).toEqual({ name: 'Error', message: 'nope' });
  });

  it('stringifies other values, even ones JSON cannot handle', () => {
    expect(describeError({ code: 7 }).message).toBe('{"code":7}');
    expect(describeError(undefined).message).toBe('undefined');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeError(cyclic).message).toBe('[object Object]');
  });
});
