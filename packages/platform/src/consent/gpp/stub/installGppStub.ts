import type { GppWindow } from '../types.js';

/**
 * Puts a queueing `window.__gpp` on the page before the handler loads: `ping` answers at once
 * (cmpStatus 'stub'), every other call waits in a queue the handler takes by calling `__gpp()`
 * with no argument. Also adds the `__gppLocator` frame nested frames look for, and answers their
 * `{__gppCall}` messages through whatever `__gpp` is current — the stub
 * first, the handler later — posting `{__gppReturn}` back, once per event for addEventListener.
 * Does nothing when the page already has a `__gpp`. Written for size: it is inlined in <head>.
 */
export function installGppStub(win: Window = window): void {
  const w = win as GppWindow;
  const doc = win.document;
  const queue: unknown[][] = [];
  // Nested frames find the CMP by this frame's name; a <head> script runs before <body> exists.
  const addLocator = (): unknown => {
    if (!doc.body) return setTimeout(addLocator, 5);
    const frame = doc.createElement('iframe');
    frame.name = '__gppLocator';
    frame.hidden = true;
    return doc.body.appendChild(frame);
  };
  if (typeof w.__gpp === 'function') return;
  w.__gpp = (...args: unknown[]) => {
    if (!args.length) return queue;
    if (args[0] !== 'ping') return void queue.push(args);
    const callback = args[1];
    if (typeof callback !== 'function') return;
    callback(
      {
        gppVersion: '1.1',
        cmpStatus: 'stub',
        cmpDisplayStatus: 'hidden',
        signalStatus: 'not ready',
        supportedAPIs: ['7:usnat'],
        cmpId: 0,
        sectionList: [],
        applicableSections: [0],
        gppString: '',
        parsedSections: {},
      },
      true,
    );
  };
  addLocator();
  // Frames post objects, as the GPP spec's postMessage section defines them (JSON text, which some
  // older TCF frames send, is not answered: the bytes it costs do not fit this stub's budget).
  win.addEventListener('message', (event) => {
    const source = event.source as Window | null;
    try {
      const call = event.data.__gppCall;
      if (call && source) {
        w.__gpp!(
          call.command,
          // '*': sandboxed ad frames have an opaque origin, and this is the page's public signal.
          (returnValue: unknown, success: boolean) => source.postMessage({ __gppReturn: { returnValue, success, callId: call.callId } }, '*'),
          call.parameter,
          call.version,
        );
      }
    } catch {
      // someone else's message
    }
  });
}
