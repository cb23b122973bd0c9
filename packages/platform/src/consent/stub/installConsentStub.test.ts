import type { TcfWindow } from '../types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installConsentStub } from './installConsentStub.js';
import { resetCmpWindow, tcfapi } from '../testing/consentTestPage.js';

beforeEach(resetCmpWindow);
afterEach(() => vi.useRealTimers());

/** Delivers a postMessage as if a nested frame sent it; returns what the frame got back. */
function frameCall(data: unknown) {
  const replies: unknown[] = [];
  const source = { postMessage: (message: unknown) => replies.push(message) };
  window.dispatchEvent(new MessageEvent('message', { data, source: source as unknown as Window }));
  return replies;
}

describe('installConsentStub', () => {
  it('answers ping synchronously with the stub status', () => {
    installConsentStub();
    const ping = vi.fn();
    tcfapi('ping', 2, ping);
    expect(ping).toHaveBeenCalledExactlyOnceWith(
      { gdprApplies: undefined, cmpLoaded: false, cmpStatus: 'stub', displayStatus: 'hidden', apiVersion: '2.2' },
      true,
    );
  });

  it('queues every other call, and hands the queue over when called without arguments', () => {
    installConsentStub();
    const callback = vi.fn();
    tcfapi('addEventListener', 2, callback);
    tcfapi('getTCData', 2, callback, [1]);
    expect(callback).not.toHaveBeenCalled();
    expect(tcfapi()).toEqual([
      ['addEventListener', 2, callback],
      ['getTCData', 2, callback, [1]],
    ]);
  });

  it('adds one hidden __tcfapiLocator frame, waiting for the body if needed', () => {
    vi.useFakeTimers();
    const body = document.body;
    body.remove();
    installConsentStub();
    expect(document.getElementsByName('__tcfapiLocator')).toHaveLength(0);
    document.documentElement.appendChild(body);
    vi.advanceTimersByTime(10);
    const frames = document.getElementsByName('__tcfapiLocator');
    expect(frames).toHaveLength(1);
    expect((frames[0] as HTMLIFrameElement).style.display).toBe('none');
  });

  it('leaves a page that already has __tcfapi alone', () => {
    const existing = vi.fn();
    (window as TcfWindow).__tcfapi = existing;
    installConsentStub();
    expect((window as TcfWindow).__tcfapi).toBe(existing);
  });

  it('answers a frame ping by postMessage, as an object or as a JSON string like the caller sent', () => {
    installConsentStub();
    const asObject = frameCall({ __tcfapiCall: { command: 'ping', version: 2, callId: 'a1' } });
    expect(asObject).toEqual([{ __tcfapiReturn: { returnValue: expect.objectContaining({ cmpStatus: 'stub' }), success: true, callId: 'a1' } }]);
    const asText = frameCall(JSON.stringify({ __tcfapiCall: { command: 'ping', version: 2, callId: 7 } }));
    expect(JSON.parse(asText[0] as string).__tcfapiReturn.callId).toBe(7);
  });

  it('queues frame calls for the handler and ignores unrelated messages', () => {
    installConsentStub();
    expect(frameCall({ __tcfapiCall: { command: 'getTCData', version: 2, callId: 1 } })).toEqual([]);
    expect(frameCall('not json {')).toEqual([]);
    expect(frameCall({ other: true })).toEqual([]);
    const queued = tcfapi() as unknown[][];
    expect(queued).toHaveLength(1);
    expect(queued[0]?.[0]).toBe('getTCData');
  });
});
