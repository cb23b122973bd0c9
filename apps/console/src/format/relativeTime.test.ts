import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime } from './relativeTime';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('relativeTime', () => {
  it('says "just now" for the last few seconds and for clock skew', () => {
    expect(relativeTime(now - 4_999, now)).toBe('just now');
    expect(relativeTime(now + 3_000, now)).toBe('just now');
  });

  it('picks the largest whole unit', () => {
    expect(relativeTime(now - 5_000, now)).toBe('5 s ago');
    expect(relativeTime(now - 59_999, now)).toBe('59 s ago');
    expect(relativeTime(now - 60_000, now)).toBe('1 min ago');
    expect(relativeTime(now - 3 * 3_600_000 - 1, now)).toBe('3 h ago');
    expect(relativeTime(now - 50 * 3_600_000, now)).toBe('2 d ago');
  });
});

describe('absoluteTime', () => {
  it('formats local time with padded fields', () => {
    expect(absoluteTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
  });
});
