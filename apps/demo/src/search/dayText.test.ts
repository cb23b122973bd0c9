import { describe, expect, it } from 'vitest';
import { dayOrderOf, formatDayText, parseDayText } from './dayText';

describe('formatDayText', () => {
  it('writes a day in the order of the page language and leaves other text alone', () => {
    expect(formatDayText('2026-12-07', dayOrderOf('es'))).toBe('07/12/2026');
    expect(formatDayText('2026-12-07', dayOrderOf('en'))).toBe('12/07/2026');
    expect(formatDayText('7/12', 'DMY')).toBe('7/12');
  });
});

describe('parseDayText', () => {
  it('reads what people type, in the page order', () => {
    expect(parseDayText('7/12/2026', 'DMY')).toBe('2026-12-07');
    expect(parseDayText(' 07.12.26 ', 'DMY')).toBe('2026-12-07');
    expect(parseDayText('12-7-2026', 'MDY')).toBe('2026-12-07');
    expect(parseDayText('12 07 2026', 'MDY')).toBe('2026-12-07');
  });

  it('refuses days that do not exist and text that is not a whole date', () => {
    for (const text of ['31/02/2026', '13/13/2026', '7/12', '', 'hoy', '7/12/202', '0/1/2026']) {
      expect(parseDayText(text, 'DMY'), text).toBeUndefined();
    }
    expect(parseDayText('31/12/2026', 'MDY')).toBeUndefined();
  });

  it('reads back what it writes', () => {
    for (const order of ['DMY', 'MDY'] as const) expect(parseDayText(formatDayText('2028-02-29', order), order)).toBe('2028-02-29');
  });
});
