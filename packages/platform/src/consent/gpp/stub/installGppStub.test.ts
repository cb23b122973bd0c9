import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGppStub } from './installGppStub.js';
import { callGpp, frameCall, gpp, resetGppWindow } from '../testing/gppTestPage.js';
import type { GppWindow } from '../types.js';

beforeEach(resetGppWindow);
afterEach(() => vi.useRealTimers());

describe('installGppStub', () => {
  it('answers ping synchronously as a stub that will speak usnat', () => {
    installGppStub();
    expect(callGpp('ping')).toEqual([
      {
        data: expect.objectContaining({ gppVersion: '1.1', cmpStatus: 'stub', signalStatus: 'not ready', supportedAPIs: ['7:usnat'], gppString: '' }),
        success: true,
      },
    ]);
  });

  it('queues every other call in order and hands the queue over when called without arguments', () => {
    installGppStub();
    const callback = vi.fn();
    gpp('addEventListener', callback);
    gpp('getField', callback, 'usnat.Gpc');
    gpp('removeEventListener', callback, 1);
    expect(callback).not.toHaveBeenCalled();
    expect(gpp()).toEqual([
      ['addEventListener', callback],
      ['getField', callback, 'usnat.Gpc'],
      ['removeEventListener', callback, 1],
    ]);
  });

  it('ignores a ping without a callback instead of throwing', () => {
    installGppStub();
    expect(() => gpp('ping')).not.toThrow();
  });

  it('adds one hidden __gppLocator frame, waiting for the body if needed', () => {
    vi.useFakeTimers();
    const body = document.body;
    body.remove();
    installGppStub();
    expect(document.getElementsByName('__gppLocator')).toHaveLength(0);
    document.documentElement.appendChild(body);
    vi.advanceTimersByTime(10);
    installGppStub(); // a second stub on the same page adds nothing
    const frames = document.getElementsByName('__gppLocator');
    expect(frames).toHaveLength(1);
    expect((frames[0] as HTMLIFrameElement).hidden).toBe(true);
  });

  it('leaves a page that already has __gpp alone', () => {
    const existing = vi.fn();
    (window as GppWindow).__gpp = existing;
    installGppStub();
    expect((window as GppWindow).__gpp).toBe(existing);
  });

  it('answers a frame ping by postMessage with the callId of the call', () => {
    installGppStub();
    expect(frameCall({ __gppCall: { command: 'ping', version: '1.1', callId: 'a' } })).toEqual([
      { __gppReturn: { returnValue: expect.objectContaining({ cmpStatus: 'stub' }), success: true, callId: 'a' } },
    ]);
    expect(frameCall({ __gppCall: { command: 'ping', callId: 3 } })).toEqual([expect.objectContaining({ __gppReturn: expect.objectContaining({ callId: 3 }) })]);
  });

  it('queues frame calls for the handler and ignores unrelated messages', () => {
    installGppStub();
    expect(frameCall({ __gppCall: { command: 'addEventListener', callId: 1 } })).toEqual([]);
    expect(frameCall('not json {')).toEqual([]);
    expect(frameCall(null)).toEqual([]);
    expect(frameCall({ __tcfapiCall: { command: 'ping' } })).toEqual([]);
    const queued = gpp() as unknown[][];
    expect(queued).toHaveLength(1);
    expect(queued[0]?.[0]).toBe('addEventListener');
  });
});
