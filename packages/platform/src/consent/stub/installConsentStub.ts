import type { PingReturn, TcfWindow } from '../types.js';
import { answerFrameCalls } from './answerFrameCalls.js';

const LOCATOR = '__tcfapiLocator';

/**
 * Puts a queueing `window.__tcfapi` on the page before the real handler loads, so vendor
 * scripts that run first are answered later instead of failing. `ping` answers at once (the
 * only command the spec requires of a stub); every other call waits in a queue that the handler
 * takes over by calling `__tcfapi()` with no arguments. Also announces the CMP to nested
 * frames (the `__tcfapiLocator` iframe) and relays their postMessage calls. Does nothing when
 * the page already has a `__tcfapi` (another stub or CMP got there first).
 */
export function installConsentStub(win: Window = window): void {
  const w = win as TcfWindow;
  if (typeof w.__tcfapi === 'function') return;
  const queue: unknown[][] = [];
  w.__tcfapi = (...args: unknown[]) => {
    if (!args.length) return queue;
    if (args[0] !== 'ping') return void queue.push(args);
    const ping: PingReturn = {
      gdprApplies: undefined,
      cmpLoaded: false,
      cmpStatus: 'stub',
      displayStatus: 'hidden',
      apiVersion: '2.2',
    };
    if (typeof args[2] === 'function') args[2](ping, true);
  };
  addLocator(win);
  answerFrameCalls(win);
}

// The locator must be a child of this window; in a <head> script there is no body yet, so
// try again shortly.
function addLocator(win: Window): void {
  const doc = win.document;
  if ((win.frames as unknown as Record<string, unknown>)[LOCATOR] || doc.getElementsByName(LOCATOR).length) return;
  if (!doc.body) return void setTimeout(() => addLocator(win), 5);
  const frame = doc.createElement('iframe');
  frame.name = LOCATOR;
  frame.style.display = 'none';
  frame.title = LOCATOR;
  doc.body.appendChild(frame);
}
