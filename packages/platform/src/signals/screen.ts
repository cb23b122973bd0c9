import type { ScreenSignal } from './types.js';

const KEYS = ['width', 'height', 'availWidth', 'availHeight', 'colorDepth'] as const;

/** Reads the screen's size, usable size, colour depth and pixel ratio (zeros when unavailable). */
export function readScreen(win: Window = window): ScreenSignal {
  const out = { pixelRatio: win.devicePixelRatio || 0 } as ScreenSignal;
  for (const key of KEYS) out[key] = win.screen?.[key] || 0;
  return out;
}
