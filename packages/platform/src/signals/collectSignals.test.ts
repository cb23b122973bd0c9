import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectSignals } from './collectSignals.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('collectSignals', () => {
  it('gathers every family from the browser it runs in', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'en']);
    vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(5);
    vi.spyOn(screen, 'width', 'get').mockReturnValue(1440);
    const signals = await collectSignals({ fonts: { timeLimitMs: 30 } });
    expect(Object.keys(signals).sort()).toEqual(['automation', 'fonts', 'languages', 'screen', 'timeZone', 'touch']);
    expect(signals.languages).toEqual(['es-ES', 'en']);
    expect(signals.touch.maxTouchPoints).toBe(5);
    expect(signals.screen.width).toBe(1440);
    expect(signals.timeZone).toEqual({ name: Intl.DateTimeFormat().resolvedOptions().timeZone, offset: new Date().getTimezoneOffset() });
    // happy-dom lays nothing out: the probe times out with no fonts instead of failing.
    expect(signals.fonts).toEqual([]);
    expect(Array.isArray(signals.automation)).toBe(true);
  });
});
