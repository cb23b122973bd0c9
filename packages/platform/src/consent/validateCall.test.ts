import { describe, expect, it, vi } from 'vitest';
import { validateCall } from './validateCall.js';

describe('validateCall (spec order: command, version, callback, known command)', () => {
  it('a non-string command answers (null, false), before the version is looked at', () => {
    const callback = vi.fn();
    expect(validateCall(42, 7, callback)).toBe(false);
    expect(callback).toHaveBeenCalledExactlyOnceWith(null, false);
  });

  it.each([1, 3, '2', 2.2])('version %s answers (null, false)', (version) => {
    const callback = vi.fn();
    expect(validateCall('ping', version, callback)).toBe(false);
    expect(callback).toHaveBeenCalledExactlyOnceWith(null, false);
  });

  it.each([0, 2, undefined, null])('version %s is accepted', (version) => {
    expect(validateCall('ping', version, vi.fn())).toBe(true);
  });

  it("a callback that is not a function throws 'invalid callback function', before unknown commands", () => {
    expect(() => validateCall('ping', 2, 'nope')).toThrow('invalid callback function');
    expect(() => validateCall('noSuchCommand', 2, undefined)).toThrow('invalid callback function');
  });

  it('an unknown command answers (null, false)', () => {
    const callback = vi.fn();
    expect(validateCall('getVendorList', 2, callback)).toBe(false);
    expect(callback).toHaveBeenCalledExactlyOnceWith(null, false);
  });

  it('a rejection with nobody to answer throws rather than failing silently', () => {
    expect(() => validateCall(undefined, 2, {})).toThrow('invalid callback function');
  });
});
