import type { TcfWindow } from '../types.js';

interface FrameCall {
  command?: unknown;
  version?: unknown;
  parameter?: unknown;
  callId?: unknown;
}

/**
 * Relays `{__tcfapiCall}` messages from nested frames to whatever `window.__tcfapi` is at that
 * moment (the stub first, the handler later), and posts each answer back as `{__tcfapiReturn}`
 * — once per event for addEventListener. A frame that sent a JSON string gets a JSON string.
 * Installed once per window.
 */
export function answerFrameCalls(win: Window): void {
  // One relay per window: it always forwards to the current __tcfapi, so a second would only
  // answer every call twice.
  const marked = win as Window & { __tcfapiRelay?: 1 };
  if (marked.__tcfapiRelay) return;
  marked.__tcfapiRelay = 1;
  win.addEventListener('message', (event: MessageEvent) => {
    const text = typeof event.data === 'string';
    let call: FrameCall | undefined;
    try {
      call = (text ? JSON.parse(event.data) : event.data)?.__tcfapiCall;
    } catch {
      return; // someone else's message
    }
    const source = event.source as Window | null;
    if (!call || typeof call !== 'object' || !source) return;
    const callId = call.callId;
    (win as TcfWindow).__tcfapi?.(
      call.command,
      call.version,
      (returnValue: unknown, success?: boolean) => {
        const reply = { __tcfapiReturn: { returnValue, success, callId } };
        // '*' because sandboxed vendor frames have an opaque origin; the data is what every
        // script on the page may read anyway.
        source.postMessage(text ? JSON.stringify(reply) : reply, '*');
      },
      call.parameter,
    );
  });
}
