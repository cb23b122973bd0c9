import type { TouchSignal } from './types.js';

/** Reads the three usual touch indicators separately, since automation often fakes only one. */
export function readTouch(win: Window = window): TouchSignal {
  return {
    maxTouchPoints: win.navigator.maxTouchPoints || 0,
    touchEvent: typeof (win as unknown as { TouchEvent?: unknown }).TouchEvent === 'function',
    touchStart: 'ontouchstart' in win,
  };
}
