import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { INPMetric } from 'web-vitals';
import { startInpAttribution } from './inpAttribution.js';

/** PerformanceObservers the test feeds by entry type. */
let observers: Record<string, { callback: (list: { getEntries(): object[] }) => void; init: PerformanceObserverInit }>;
beforeEach(() => {
  observers = {};
  class FakeObserver {
    static supportedEntryTypes = ['event', 'long-animation-frame'];
    constructor(private readonly callback: (list: { getEntries(): object[] }) => void) {}
    observe(init: PerformanceObserverInit) {
      observers[init.type!] = { callback: this.callback, init };
    }
    takeRecords() {
      return [];
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const deliver = (type: string, entries: object[]) => observers[type]!.callback({ getEntries: () => entries });

describe('INP attribution', () => {
  // A click at 1000: pointerdown painted in its own frame; pointerup and click in the next, whose
  // click handler ran 1010 → 1310. The interaction's longest entry is the pointerup.
  document.body.innerHTML = '<button id="buy">Buy</button>';
  const button = document.getElementById('buy');
  const pointerdown = { name: 'pointerdown', startTime: 990, duration: 24, processingStart: 992, processingEnd: 995, interactionId: 7, target: button };
  const pointerup = { name: 'pointerup', startTime: 1000, duration: 336, processingStart: 1004, processingEnd: 1008, interactionId: 7, target: button };
  const click = { name: 'click', startTime: 1000, duration: 336, processingStart: 1010, processingEnd: 1310, interactionId: 7, target: button };
  const inp = { name: 'INP', value: 336, entries: [pointerup] } as unknown as INPMetric;

  it('groups the entries by frame, so the click handler counts as processing, not presentation', () => {
    const attribution = startInpAttribution();
    expect(observers.event!.init).toMatchObject({ type: 'event', buffered: true, durationThreshold: 16 });
    deliver('event', [pointerdown, pointerup, click]);
    const fields = attribution.attribute(inp);
    expect(fields).toMatchObject({
      wa_inp_target: '#buy',
      wa_inp_type: 'pointer',
      wa_inp_time: 1000,
      wa_inp_inputDelay: 4,
      wa_inp_processingDuration: 306,
      wa_inp_presentationDelay: 26,
    });
    expect(Number(fields.wa_inp_inputDelay) + Number(fields.wa_inp_processingDuration) + Number(fields.wa_inp_presentationDelay)).toBe(336);
    expect(fields.wa_inp_totalScript).toBeUndefined();
  });

  it('names the longest Long Animation Frame script and sums script, layout and paint', () => {
    const attribution = startInpAttribution();
    deliver('event', [pointerup, click]);
    deliver('long-animation-frame', [
      {
        startTime: 1002, duration: 320, styleAndLayoutStart: 1312,
        scripts: [
          { startTime: 1004, duration: 4, forcedStyleAndLayoutDuration: 0, sourceURL: 'https://site.test/app.js', sourceFunctionName: 'onUp', invoker: 'BUTTON#buy.onpointerup' },
          { startTime: 1010, duration: 300, forcedStyleAndLayoutDuration: 30, sourceURL: 'https://site.test/app.js?v=3', sourceFunctionName: 'checkout', invoker: 'BUTTON#buy.onclick' },
        ],
      },
    ]);
    expect(attribution.attribute(inp)).toMatchObject({
      wa_inp_scriptUrl: 'https://site.test/app.js',
      wa_inp_scriptFunction: 'checkout',
      wa_inp_scriptInvoker: 'BUTTON#buy.onclick',
      wa_inp_scriptDuration: 300,
      wa_inp_totalScript: 274,
      wa_inp_totalLayout: 40,
      wa_inp_totalPaint: 14,
    });
  });

  it('keeps the frames of the worst interactions while dropping old small ones', () => {
    const attribution = startInpAttribution();
    deliver('event', [pointerup, click]);
    // 40 later short interactions, each its own frame.
    deliver('event', Array.from({ length: 40 }, (_, i) => ({ name: 'click', startTime: 2000 + i * 100, duration: 24, processingStart: 2001 + i * 100, processingEnd: 2002 + i * 100, interactionId: 100 + i, target: button })));
    expect(attribution.attribute(inp).wa_inp_processingDuration).toBe(306);
  });

  it('reports a dummy interaction (no entries) as all presentation delay', () => {
    expect(startInpAttribution().attribute({ value: 8, entries: [] } as unknown as INPMetric)).toEqual({
      wa_inp_inputDelay: 0, wa_inp_processingDuration: 0, wa_inp_presentationDelay: 8,
    });
  });
});
