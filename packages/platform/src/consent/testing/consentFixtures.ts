import { vi } from 'vitest';
import type { ConsentData, TcfWindow } from '../types.js';
import { randomTcString, seededRandom, syntheticGvl } from './generateTcStrings.js';

// Test-only helpers for the handler's unit tests.

const gvl = syntheticGvl(20);
const random = seededRandom(99);

/** Consent data with a real TC string (encoded by core). */
export function consentData(overrides: Partial<ConsentData> = {}): ConsentData {
  return {
    tcString: randomTcString(gvl, random, 20),
    cmpId: 300,
    cmpVersion: 1,
    gdprApplies: true,
    tcfPolicyVersion: 4,
    gvlVersion: 42,
    ...overrides,
  };
}

/** Removes every trace of a CMP from the test window. */
export function resetWindow(): void {
  delete (window as TcfWindow).__tcfapi;
  for (const frame of Array.from(document.getElementsByName('__tcfapiLocator'))) frame.remove();
}

/** A fetch stub answering with `reply` (or failing when it is an Error); records the calls. */
export function stubFetch(reply: (request: { url: string; init: RequestInit }) => unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit = {}) => {
    const request = { url: String(url), init };
    calls.push(request);
    const value = reply(request);
    if (value instanceof Error) throw value;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** Calls `__tcfapi` and collects what its callback receives. */
export function call(command: unknown, parameter?: unknown, version: unknown = 2) {
  const answers: { value: unknown; success: boolean | undefined }[] = [];
  (window as TcfWindow).__tcfapi?.(command, version, (value: unknown, success?: boolean) => answers.push({ value, success }), parameter);
  return answers;
}
