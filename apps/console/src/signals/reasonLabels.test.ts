import { describe, expect, it } from 'vitest';
import { REASON_LABELS, reasonLabel } from './reasonLabels';

describe('reasonLabel', () => {
  it('names the known codes in words', () => {
    expect(reasonLabel('webdriver')).toBe('navigator.webdriver set');
    expect(reasonLabel('softwareRenderer')).toBe('Software WebGL renderer');
    expect(reasonLabel('headlessUserAgentHeader')).toMatch(/Headless/);
  });

  it('turns an unknown camelCase code into a sentence', () => {
    expect(reasonLabel('tooManyTabsOpen')).toBe('Too many tabs open');
    expect(reasonLabel('x')).toBe('X');
  });

  it('keeps every label short enough for a chart axis', () => {
    for (const label of Object.values(REASON_LABELS)) expect(label.length).toBeLessThanOrEqual(30);
  });
});
