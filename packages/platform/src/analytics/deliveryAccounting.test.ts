import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DropReport } from '../transport/dropReport.js';
import { collectorSink } from './collectorSink.js';
import { createAnalytics } from './createAnalytics.js';
import type { AnalyticsBatch, ConsentSource } from './types.js';

let fetchMock: ReturnType<typeof vi.fn>;
let beaconMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  beaconMock = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beaconMock, configurable: true, writable: true });
});
afterEach(() => vi.unstubAllGlobals());

const sent = (): AnalyticsBatch[] => fetchMock.mock.calls.map((call) => JSON.parse((call[1] as RequestInit).body as string));
const beacons = (): Promise<AnalyticsBatch[]> =>
  Promise.all(beaconMock.mock.calls.map(async (call) => JSON.parse(await (call[1] as Blob).text())));
// A consent source the test decides for.
const consentSwitch = () => {
  let listener: ((granted: boolean) => void) | undefined;
  const source: ConsentSource = (l) => ((listener = l), () => (listener = undefined));
  return { source, decide: (granted: boolean) => listener?.(granted), listening: () => listener !== undefined };
};

describe('analytics delivery accounting', () => {
  it('counts hits refused for consent, waiting ones included, and reports them in the exit beacon', async () => {
    const consent = consentSwitch();
    const analytics = createAnalytics({ context: { vertical: 'flights' }, sinks: [collectorSink()], consent: consent.source });
    analytics.trackPageView();
    analytics.trackEvent({ category: 'search', action: 'submit' });
    consent.decide(false);
    analytics.trackEvent({ category: 'search', action: 'again' });
    await analytics.flush();
    expect(fetchMock).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    const [beacon] = await beacons();
    expect(beacon?.events).toEqual([]);
    expect((beacon?.dropped as DropReport).counts).toEqual({ consent: 3 });
    analytics.stop();
  });

  it('counts hits pushed out while 50 wait for a decision, and sends the rest once granted', async () => {
    const consent = consentSwitch();
    const analytics = createAnalytics({ context: {}, sinks: [collectorSink()], consent: consent.source });
    for (let i = 0; i < 53; i++) analytics.trackEvent({ category: 'c', action: `a${i}` });
    consent.decide(true);
    await analytics.flush();
    const [body] = sent();
    expect(body?.events.map((hit) => hit.action)).toEqual(Array.from({ length: 50 }, (_, i) => `a${i + 3}`));
    expect(body?.dropped?.counts).toEqual({ queue_full: 3 });
    analytics.stop();
  });

  it('stop ends everything: consent no longer listened to, nothing sent, later calls ignored', async () => {
    const consent = consentSwitch();
    const analytics = createAnalytics({ context: {}, sinks: [collectorSink()], consent: consent.source });
    consent.decide(true);
    analytics.trackPageView();
    analytics.stop();
    expect(consent.listening()).toBe(false);
    analytics.trackPageView();
    await analytics.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });
});
