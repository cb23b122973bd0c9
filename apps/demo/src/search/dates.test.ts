import { describe, expect, it } from 'vitest';
import { addDays, fromDateInputValue, toDateInputValue } from './dates';

describe('toDateInputValue', () => {
  it('formats local calendar dates with padding', () => {
    expect(toDateInputValue(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(toDateInputValue(new Date(2026, 11, 31))).toBe('2026-12-31');
  });
});

describe('addDays', () => {
  it('moves across month and year ends without touching the input', () => {
    const start = new Date(2026, 11, 28);
    expect(toDateInputValue(addDays(start, 7))).toBe('2027-01-04');
    expect(toDateInputValue(start)).toBe('2026-12-28');
  });
});

describe('fromDateInputValue', () => {
  it('reads a complete value as that local day and nothing else as a date', () => {
    const day = fromDateInputValue('2026-01-05');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate(), day?.getHours()]).toEqual([2026, 0, 5, 0]);
    expect(fromDateInputValue('')).toBeUndefined();
    expect(fromDateInputValue('2026-1-5')).toBeUndefined();
  });
});
