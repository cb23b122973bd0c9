import { vi } from 'vitest';
import type { TcfWindow } from '../types.js';

/** What a stubbed fetch saw: the consent tests assert on URL, method, headers and body. */
export interface FetchCall {
  url: string;
  init: RequestInit;
}

/** Calls whatever `__tcfapi` the test page holds now, the way a vendor script would. */
export const tcfapi = (...args: unknown[]): unknown => (window as TcfWindow).__tcfapi!(...args);

/** Removes every trace of a CMP from the test page, so each test installs onto a clean window. */
export function resetCmpWindow(): void {
  delete (window as TcfWindow).__tcfapi;
  for (const frame of Array.from(document.getElementsByName('__tcfapiLocator'))) frame.remove();
}

/**
 * Replaces fetch with a stub answering with `reply` (a failed request when it returns an Error,
 * a 200 JSON response otherwise unless it is a Response already) and returns the calls it saw.
 * Pair with `vi.unstubAllGlobals()` after each test.
 */
export function stubFetch(reply: (request: FetchCall) => unknown): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const value = reply({ url: String(url), init });
    if (value instanceof Error) throw value;
    return value instanceof Response ? value : new Response(JSON.stringify(value), { status: 200 });
  });
  return calls;
}

/** Calls `__tcfapi` and collects what its callback receives, so a test can assert on every answer. */
export function callTcfApi(command: unknown, parameter?: unknown, version: unknown = 2) {
  const answers: { value: unknown; success: boolean | undefined }[] = [];
  tcfapi(command, version, (value: unknown, success?: boolean) => answers.push({ value, success }), parameter);
  return answers;
}
