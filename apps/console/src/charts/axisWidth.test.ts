import { describe, expect, it } from 'vitest';
import { axisWidth, clip } from './axisWidth';

describe('axisWidth', () => {
  it('grows with the longest label and stays within its bounds', () => {
    const short = axisWidth(['en', 'es']);
    const long = axisWidth(['Headless in User-Agent header']);
    expect(short).toBe(48);
    expect(long).toBeGreaterThan(short);
    expect(long).toBeGreaterThanOrEqual(29 * 12 * 0.5);
    expect(axisWidth(['x'.repeat(200)])).toBe(240);
    expect(axisWidth([])).toBe(48);
  });
});

describe('clip', () => {
  it('cuts long labels with an ellipsis and leaves short ones alone', () => {
    expect(clip('Europe/Madrid', 20)).toBe('Europe/Madrid');
    expect(clip('Store and/or access information on a device', 12)).toBe('Store and/o…');
  });
});
