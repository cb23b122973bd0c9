import { describe, expect, it } from 'vitest';
import { axisWidth, clip, edgeRoom } from './axisWidth';

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

describe('edgeRoom', () => {
  it('leaves half a label of room beside the plot, and at least the minimum', () => {
    expect(edgeRoom('Nov 23 06:00')).toBeGreaterThanOrEqual(Math.ceil((12 * 12 * 0.55) / 2));
    expect(edgeRoom('Nov 23 06:00')).toBeGreaterThan(edgeRoom('06:00'));
    expect(edgeRoom('')).toBe(16);
    expect(edgeRoom('x', 12, 24)).toBe(24);
  });
});
