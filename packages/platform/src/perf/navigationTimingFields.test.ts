import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigationTimingFields } from './navigationTimingFields.js';

const entry = {
  type: 'reload',
  redirectCount: 0,
  redirectStart: 0,
  redirectEnd: 0,
  fetchStart: 1.2,
  domainLookupStart: 3.4,
  domainLookupEnd: 5.6,
  connectStart: 5.6,
  connectEnd: 20.4,
  secureConnectionStart: 0,
  requestStart: 21,
  responseStart: 80.5,
  responseEnd: 90,
  domInteractive: 200,
  domContentLoadedEventStart: 210,
  domContentLoadedEventEnd: 211,
  domComplete: 400,
  loadEventStart: 401,
  loadEventEnd: 402,
  unloadEventStart: 0,
  unloadEventEnd: 0,
  nextHopProtocol: 'h2',
  transferSize: 1500,
  encodedBodySize: 1200,
  decodedBodySize: 4000,
};

afterEach(() => vi.restoreAllMocks());

describe('navigationTimingFields', () => {
  it('gives Boomerang names with epoch milliseconds, 0 for phases that did not happen', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry as unknown as PerformanceEntry]);
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(1_700_000_000_000.4);
    const fields = navigationTimingFields();
    expect(fields).toMatchObject({
      nt_nav_st: 1_700_000_000_000,
      nt_nav_type: 1,
      nt_red_cnt: 0,
      nt_red_st: 0,
      nt_ssl_st: 0,
      nt_unload_st: 0,
      nt_fet_st: 1_700_000_000_002,
      nt_res_st: 1_700_000_000_081,
      nt_domcomp: 1_700_000_000_400,
      nt_load_end: 1_700_000_000_402,
      nt_protocol: 'h2',
      nt_trn_size: 1500,
      nt_enc_size: 1200,
      nt_dec_size: 4000,
    });
    expect(Object.keys(fields)).toHaveLength(26);
  });

  it('maps back_forward to 2 and unknown types to 255', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValueOnce([{ ...entry, type: 'back_forward' } as unknown as PerformanceEntry]);
    expect(navigationTimingFields().nt_nav_type).toBe(2);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValueOnce([{ ...entry, type: 'prerender' } as unknown as PerformanceEntry]);
    expect(navigationTimingFields().nt_nav_type).toBe(255);
  });

  // WebKitGTK 2.50, the demo's landing page from the real server (which sends COOP): the
  // navigation entry as the page read it, times before the new process's time origin negative.
  const webkitSwap = {
    ...entry, type: 'navigate', fetchStart: -1394, domainLookupStart: -1394, domainLookupEnd: -1394, connectStart: -1394, connectEnd: -1394,
    requestStart: -1393, responseStart: -1382, responseEnd: 121, domInteractive: 299, domContentLoadedEventStart: 428,
    domContentLoadedEventEnd: 428, domComplete: 429, loadEventStart: 429, loadEventEnd: 429,
  };

  it("measures WebKit's phases before the time origin from the entry's own start (COOP process swap)", () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([webkitSwap as unknown as PerformanceEntry]);
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(1_795_931_371_595);
    const fields = navigationTimingFields();
    const origin = 1_795_931_371_595;
    expect(fields).toMatchObject({
      nt_nav_st: origin - 1394,
      nt_fet_st: origin - 1394,
      nt_req_st: origin - 1393,
      nt_res_st: origin - 1382,
      nt_res_end: origin + 121,
      nt_domcomp: origin + 429,
      nt_red_st: 0,
      nt_ssl_st: 0,
    });
    // Every time the server takes: 0 or not before nt_nav_st (parsePerfReport.ts).
    for (const [name, value] of Object.entries(fields)) if (name.endsWith('_st') || name.endsWith('_end')) expect(value === 0 || Number(value) >= fields.nt_nav_st!).toBe(true);
  });

  it("keeps Firefox's fetch at the time origin itself (fetchStart 0): the fetch always happens", () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ ...entry, fetchStart: 0 } as unknown as PerformanceEntry]);
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(1_700_000_000_000);
    expect(navigationTimingFields()).toMatchObject({ nt_nav_st: 1_700_000_000_000, nt_fet_st: 1_700_000_000_000, nt_red_st: 0 });
  });

  it('keeps the lookup and connection times at the time origin too (a reused connection in Firefox: all 0)', () => {
    const reused = { ...entry, fetchStart: 0, domainLookupStart: 0, domainLookupEnd: 0, connectStart: 0, connectEnd: 0 };
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([reused as unknown as PerformanceEntry]);
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(1_700_000_000_000);
    const at = 1_700_000_000_000;
    expect(navigationTimingFields()).toMatchObject({ nt_dns_st: at, nt_dns_end: at, nt_con_st: at, nt_con_end: at, nt_ssl_st: 0, nt_red_st: 0 });
  });

  it('is empty without a navigation entry', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    expect(navigationTimingFields()).toEqual({});
  });
});
