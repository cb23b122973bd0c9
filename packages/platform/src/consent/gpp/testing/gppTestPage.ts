import { encodeGppString } from '../gppString.js';
import type { GppWindow } from '../types.js';
import { encodeUsnat } from '../usnat.js';
import type { MspaMode, UsnatData } from '../usnat.js';

/** The GPP string a US visitor with `data` gets: header + usnat section, built from the pure encoders. */
export const usnatString = (data: UsnatData | null, mspa?: MspaMode): string => encodeGppString([{ id: 7, encoded: encodeUsnat(data, mspa) }]);

/** Calls whatever `__gpp` the test page holds now, the way a vendor script would. */
export const gpp = (...args: unknown[]): unknown => (window as GppWindow).__gpp!(...args);

/** Calls `__gpp` and collects what its callback receives (synchronously, as the spec requires). */
export function callGpp(command: unknown, parameter?: unknown) {
  const answers: { data: unknown; success: boolean }[] = [];
  gpp(command, (data: unknown, success: boolean) => answers.push({ data, success }), parameter);
  return answers;
}

// A page installs the stub (and its postMessage relay) once; the tests share one window, so the
// relays each test added are remembered here and removed before the next.
const relays: EventListenerOrEventListenerObject[] = [];
let recording = false;

/** Removes every trace of a GPP CMP from the test page, so each test installs onto a clean window. */
export function resetGppWindow(): void {
  if (!recording) {
    recording = true;
    const add = window.addEventListener.bind(window);
    window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      if (type === 'message') relays.push(listener);
      add(type, listener, options);
    }) as typeof window.addEventListener;
  }
  for (const listener of relays.splice(0)) window.removeEventListener('message', listener);
  delete (window as GppWindow).__gpp;
  for (const frame of Array.from(document.getElementsByName('__gppLocator'))) frame.remove();
}

/** A decided US visitor; pass the opt-outs that differ. */
export const usChoice = (changes: Partial<UsnatData> = {}): UsnatData => ({
  decided: true,
  saleOptOut: false,
  sharingOptOut: false,
  targetedAdvertisingOptOut: false,
  gpc: false,
  updatedAt: 1_700_000_000_000,
  ...changes,
});

/** Delivers a postMessage as if a nested frame sent it; returns what the frame got back. */
export function frameCall(data: unknown): unknown[] {
  const replies: unknown[] = [];
  const source = { postMessage: (message: unknown) => replies.push(message) };
  window.dispatchEvent(new MessageEvent('message', { data, source: source as unknown as Window }));
  return replies;
}
