import { GppModel } from '@iabgpp/cmpapi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGppApi } from './installGppApi.js';
import { installGppStub } from './stub/installGppStub.js';
import { callGpp, frameCall, gpp, resetGppWindow, usChoice, usnatString as usnatGppString } from './testing/gppTestPage.js';
import type { GppEvent, GppPing } from './types.js';
import { usnatSection } from './usnat.js';

const logger = { error: vi.fn() };
beforeEach(() => {
  resetGppWindow();
  logger.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const install = (options = {}) => installGppApi({ cmpId: 1, cmpVersion: 1, logger, ...options });
const pingNow = () => callGpp('ping')[0]!.data as GppPing;
/** Registers a listener and returns what it heard, as "eventName:data" lines plus the raw events. */
function listen() {
  const events: GppEvent[] = [];
  gpp('addEventListener', (event: GppEvent) => events.push(event));
  return { events, names: () => events.map((e) => `${e.eventName}:${String(e.data)}`) };
}

describe('installGppApi', () => {
  it('takes over the stub: queued calls are answered in order once it installs', () => {
    installGppStub();
    const order: string[] = [];
    gpp('addEventListener', (event: GppEvent) => order.push(`listener ${event.eventName} ${event.pingData.cmpStatus}`));
    gpp('removeEventListener', (removed: boolean) => order.push(`removed ${removed}`), 99);
    expect(order).toEqual([]);
    install();
    expect(order).toEqual(['listener listenerRegistered loaded', 'removed false']);
  });

  it('is not ready and applies no known section before the first update', () => {
    install();
    expect(pingNow()).toMatchObject({ cmpStatus: 'loaded', signalStatus: 'not ready', applicableSections: [0], gppString: '', sectionList: [] });
    expect(callGpp('hasSection', 'usnat')).toEqual([{ data: false, success: true }]);
  });

  it('signals not ready → sectionChange → ready on every update that changes the section', () => {
    const handler = install();
    const heard = listen();
    handler.update(usChoice(), 'usnat');
    handler.update(usChoice({ saleOptOut: true }), 'usnat');
    expect(heard.names()).toEqual([
      'listenerRegistered:true',
      'signalStatus:not ready', 'sectionChange:usnat', 'signalStatus:ready',
      'signalStatus:not ready', 'sectionChange:usnat', 'signalStatus:ready',
    ]);
    // sectionChange already carries the new section, but vendors must still wait for 'ready'.
    const change = heard.events[5]!.pingData;
    expect(change.signalStatus).toBe('not ready');
    expect(change.gppString).toBe(usnatGppString(usChoice({ saleOptOut: true })));
  });

  it('fires no sectionChange when an update leaves the section as it was', () => {
    const handler = install();
    handler.update(usChoice(), 'usnat');
    const heard = listen();
    handler.update(usChoice({ updatedAt: 5 }), 'usnat');
    expect(heard.names()).toEqual(['listenerRegistered:true', 'signalStatus:not ready', 'signalStatus:ready']);
  });

  it('serves a US visitor the usnat section: ping, hasSection, getSection, getField', () => {
    const handler = install();
    handler.update(usChoice({ sharingOptOut: true, gpc: true }), 'usnat');
    const ping = pingNow();
    expect(ping).toMatchObject({ signalStatus: 'ready', supportedAPIs: ['7:usnat'], applicableSections: [7], sectionList: [7], cmpId: 1 });
    expect(ping.gppString).toBe(handler.gppString());
    expect(new GppModel(ping.gppString).getFieldValue('usnat', 'SharingOptOut')).toBe(1);
    const expected = usnatSection(usChoice({ sharingOptOut: true, gpc: true }));
    expect(ping.parsedSections).toEqual({ usnat: expected });
    expect(callGpp('hasSection', 'usnat')).toEqual([{ data: true, success: true }]);
    expect(callGpp('hasSection', 'tcfeuv2')).toEqual([{ data: false, success: true }]);
    expect(callGpp('getSection', 'usnat')).toEqual([{ data: expected, success: true }]);
    expect(callGpp('getField', 'usnat.SharingOptOut')).toEqual([{ data: 1, success: true }]);
    expect(callGpp('getField', 'usnat.SaleOptOut')).toEqual([{ data: 2, success: true }]);
    expect(callGpp('getField', 'usnat.Gpc')).toEqual([{ data: true, success: true }]);
    expect(callGpp('getField', 'usnat.Nope')).toEqual([{ data: null, success: true }]);
  });

  it('applies no section outside the US: [-1] and a header-only string', () => {
    const handler = install();
    const heard = listen();
    handler.update(usChoice({ saleOptOut: true }), 'none');
    expect(pingNow()).toMatchObject({ signalStatus: 'ready', applicableSections: [-1], sectionList: [], gppString: 'DBAA', parsedSections: {} });
    expect(callGpp('getSection', 'usnat')).toEqual([{ data: null, success: true }]);
    expect(heard.names()).toEqual(['listenerRegistered:true', 'signalStatus:not ready', 'signalStatus:ready']);
  });

  it('treats a US visitor without data as not opted out', () => {
    const handler = install();
    handler.update(null, 'usnat');
    expect(callGpp('getField', 'usnat.SaleOptOut')).toEqual([{ data: 2, success: true }]);
    expect(handler.gppString()).toBe(usnatGppString(usChoice()));
  });

  it('honours the browser GPC with no click, and asks the page once to save it', () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    const saveGpc = vi.fn();
    const handler = install({ saveGpc });
    handler.update(usChoice(), 'usnat');
    handler.update(usChoice(), 'usnat');
    const all = usChoice({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
    expect(handler.gppString()).toBe(usnatGppString(all));
    expect(saveGpc).toHaveBeenCalledOnce();
    install({ saveGpc }).update(all, 'usnat'); // already stored: nothing to save
    expect(saveGpc).toHaveBeenCalledOnce();
  });

  it('hands out copies: a caller editing its section cannot change the next answer', () => {
    const handler = install();
    handler.update(usChoice(), 'usnat');
    const section = callGpp('getSection', 'usnat')[0]!.data as { SaleOptOut: number }[];
    section[0]!.SaleOptOut = 1;
    expect(callGpp('getField', 'usnat.SaleOptOut')[0]!.data).toBe(2);
  });

  it('removes listeners, and stop() removes them all', () => {
    const handler = install();
    const first = listen();
    const second = listen();
    expect(callGpp('removeEventListener', first.events[0]!.listenerId)).toEqual([{ data: true, success: true }]);
    handler.update(usChoice(), 'usnat');
    expect(first.events).toHaveLength(1);
    expect(second.events).toHaveLength(4);
    handler.stop();
    handler.update(usChoice({ saleOptOut: true }), 'usnat');
    expect(second.events).toHaveLength(4);
  });

  it('never throws into the page: bad calls, unknown commands, throwing callbacks', () => {
    const handler = install();
    expect(() => gpp('ping')).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith('gpp: a call without a callback', 'ping');
    expect(callGpp(42)).toEqual([{ data: null, success: false }]);
    expect(callGpp('getVendorList')).toEqual([{ data: null, success: false }]);
    expect(callGpp('getField', 7)).toEqual([{ data: null, success: true }]);
    gpp('addEventListener', () => {
      throw new Error('vendor bug');
    });
    expect(() => handler.update(usChoice(), 'usnat')).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith('gpp: callback threw', expect.any(Error));
    expect(pingNow().signalStatus).toBe('ready');
  });

  it('treats any regime but usnat as none', () => {
    const handler = install();
    handler.update(usChoice({ saleOptOut: true }), 'tcf' as never);
    expect(pingNow()).toMatchObject({ applicableSections: [-1], gppString: 'DBAA' });
  });

  it('answers frames through postMessage, each event of a frame listener with the same callId', () => {
    const handler = install();
    expect(frameCall({ __gppCall: { command: 'getField', parameter: 'usnat.SaleOptOut', callId: 'f1' } })).toEqual([
      { __gppReturn: { returnValue: null, success: true, callId: 'f1' } },
    ]);
    const replies = frameCall({ __gppCall: { command: 'addEventListener', callId: 'f2' } });
    handler.update(usChoice({ targetedAdvertisingOptOut: true }), 'usnat');
    const returns = replies.map((reply) => (reply as { __gppReturn: { callId: string; returnValue: GppEvent } }).__gppReturn);
    expect(returns.map((r) => `${r.callId} ${r.returnValue.eventName}`)).toEqual(['f2 listenerRegistered', 'f2 signalStatus', 'f2 sectionChange', 'f2 signalStatus']);
    expect(returns[3]!.returnValue.pingData.gppString).toBe(handler.gppString());
  });
});
