import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectFonts } from './fonts.js';

// happy-dom does no layout, so widths come from a pretend font table: installed families render
// at their own width, anything else falls back to the generic's.
const INSTALLED: Record<string, number> = { Arial: 500, Georgia: 540 };
const GENERIC: Record<string, number> = { monospace: 600, 'sans-serif': 480, serif: 470 };
let measurable = true;

function installLayout() {
  const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (!measurable) return 0;
    const stack = this.style.fontFamily.split(',').map((f) => f.trim().replace(/"/g, ''));
    for (const family of stack) {
      const size = INSTALLED[family] ?? GENERIC[family];
      if (size) return size;
    }
    return 0;
  });
  const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => (measurable ? 80 : 0));
  return [width, height];
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  measurable = true;
});

describe('detectFonts', () => {
  it('finds the families whose size differs from the generic fallback, and cleans up', async () => {
    installLayout();
    const found = await detectFonts({ families: ['Arial', 'Nonexistent Sans', 'Georgia'] });
    expect(found).toEqual(['Arial', 'Georgia']);
    expect(document.body.children.length).toBe(0);
  });

  it('polls every 10 ms until the document can measure', async () => {
    vi.useFakeTimers();
    installLayout();
    measurable = false;
    const result = detectFonts({ families: ['Arial'], timeLimitMs: 1000 });
    await vi.advanceTimersByTimeAsync(35);
    measurable = true;
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toEqual(['Arial']);
  });

  it('gives up with nothing after the time limit when the page never lays out', async () => {
    vi.useFakeTimers();
    installLayout();
    measurable = false;
    const result = detectFonts({ families: ['Arial'], timeLimitMs: 100 });
    await vi.advanceTimersByTimeAsync(150);
    expect(await result).toEqual([]);
    expect(document.body.children.length).toBe(0);
  });

  it('yields to the page between slices of work', async () => {
    installLayout();
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    // A slice of 0 ms yields after every family.
    const found = await detectFonts({ families: ['Arial', 'Georgia', 'Nope'], sliceMs: 0 });
    expect(found).toEqual(['Arial', 'Georgia']);
    expect(timeout.mock.calls.filter(([, ms]) => ms === 0).length).toBeGreaterThanOrEqual(2);
  });
});
