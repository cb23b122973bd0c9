import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPageExit } from './pageExit.js';

const setVisibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });

afterEach(() => setVisibility('visible'));

describe('onPageExit', () => {
  it('fires on visibilitychange to hidden and on pagehide, not when becoming visible', () => {
    const callback = vi.fn();
    const stop = onPageExit(callback);
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(callback).not.toHaveBeenCalled();
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(callback.mock.calls).toEqual([['visibilitychange'], ['pagehide']]);
    stop();
  });

  it('stops listening after unsubscribe and swallows callback errors', () => {
    const callback = vi.fn(() => {
      throw new Error('bug');
    });
    const stop = onPageExit(callback);
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
