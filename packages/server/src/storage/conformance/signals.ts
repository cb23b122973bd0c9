import { describe, expect, it } from 'vitest';
import type { NewSignalReport } from '../../signals/contract.js';
import { HOUR, personSignals, signalReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const bot = (nonce: string, reasons: string[], receivedAt = T0 + 1_000): NewSignalReport =>
  signalReport({ nonce, receivedAt, verdict: { score: 70, automation: true, reasons }, signals: personSignals({ automation: reasons }) });

/** The signal ports: one report per nonce (the replay guard), the summary and the recent list. */
export function describeSignalPorts(open: OpenStore): void {
  describe('signals ports', () => {
    const store = storePerTest(open);
    const insert = (report: NewSignalReport) => store().ingest.signals.insertSignalReport(report);

    it('stores a nonce once: the first copy is accepted, every replay refused, even when they race', async () => {
      expect(await insert(signalReport({ nonce: 'n-1' }))).toBe(true);
      expect(await insert(signalReport({ nonce: 'n-1', receivedAt: T0 + 5_000 }))).toBe(false);
      const raced = await Promise.all(Array.from({ length: 5 }, () => insert(signalReport({ nonce: 'n-2' }))));
      expect(raced.filter(Boolean)).toHaveLength(1);
      const reports = await store().query.signals.recentSignalReports(10);
      expect(reports.map((r) => r.receivedAt)).toEqual([T0 + 1_000, T0 + 1_000]);
    });

    it('lists recent reports newest first, as stored, at most `limit`', async () => {
      const signals = personSignals({ languages: ['en-GB'], fonts: ['Ünïcode Sans'], timeZone: { name: 'Europe/London', offset: 0 } });
      await insert(signalReport({ nonce: 'old', receivedAt: T0 + 1_000 }));
      await insert(signalReport({ nonce: 'new', receivedAt: T0 + 3_000, userAgent: null, signals }));
      await insert(bot('mid', ['webdriver', 'softwareRenderer'], T0 + 2_000));
      const reports = await store().query.signals.recentSignalReports(10);
      expect(reports.map(({ id: _id, ...rest }) => rest)).toEqual([
        { receivedAt: T0 + 3_000, userAgent: null, score: 0, automation: false, reasons: [], signals },
        { receivedAt: T0 + 2_000, userAgent: 'TestAgent/1.0', score: 70, automation: true, reasons: ['webdriver', 'softwareRenderer'], signals: personSignals({ automation: ['webdriver', 'softwareRenderer'] }) },
        { receivedAt: T0 + 1_000, userAgent: 'TestAgent/1.0', score: 0, automation: false, reasons: [], signals: personSignals() },
      ]);
      expect(new Set(reports.map((r) => r.id)).size).toBe(3);
      expect(reports.every((r) => Number.isInteger(r.id))).toBe(true);
      expect((await store().query.signals.recentSignalReports(1)).map((r) => r.receivedAt)).toEqual([T0 + 3_000]);
    });

    it('summarises people, automation and fallback hits per bucket since a time, with spreads', async () => {
      await insert(signalReport({ nonce: 'too-old', receivedAt: T0 - 1 }));
      await store().ingest.signals.insertSignalFallback({ receivedAt: T0 - 1, userAgent: null });
      await insert(signalReport({ nonce: 'p1', receivedAt: T0 + 10 }));
      await insert(signalReport({ nonce: 'p2', receivedAt: T0 + HOUR + 5, signals: personSignals({ languages: ['en-GB'], timeZone: { name: 'Europe/London', offset: 0 } }) }));
      await insert(bot('b1', ['webdriver', 'headless'], T0 + HOUR + 6));
      await insert(bot('b2', ['webdriver'], T0 + 3 * HOUR));
      await store().ingest.signals.insertSignalFallback({ receivedAt: T0 + 20, userAgent: 'UA' });
      await store().ingest.signals.insertSignalFallback({ receivedAt: T0 + 2 * HOUR, userAgent: null });
      const summary = await store().query.signals.signalSummary({ since: T0, bucketMs: HOUR });
      expect(summary).toMatchObject({ since: T0, bucketMs: HOUR, totals: { people: 2, automation: 2, fallback: 2 } });
      expect(summary.buckets).toEqual([
        { start: T0, people: 1, automation: 0, fallback: 1 },
        { start: T0 + HOUR, people: 1, automation: 1, fallback: 0 },
        { start: T0 + 2 * HOUR, people: 0, automation: 0, fallback: 1 },
        { start: T0 + 3 * HOUR, people: 0, automation: 1, fallback: 0 },
      ]);
      expect(summary.topReasons).toEqual([{ value: 'webdriver', count: 2 }, { value: 'headless', count: 1 }]);
      expect(summary.timeZones).toEqual([{ value: 'Europe/Madrid', count: 3 }, { value: 'Europe/London', count: 1 }]);
      expect(summary.languages).toEqual([{ value: 'es-ES', count: 3 }, { value: 'en-GB', count: 1 }]);
      expect(summary.screens).toEqual([{ value: '1920x1080', count: 4 }]);
    });

    it('names a missing time zone and language, and lists at most ten values per spread', async () => {
      const odd = personSignals({ languages: [], timeZone: { name: '', offset: 0 }, screen: { ...personSignals().screen, width: 390, height: 844 } });
      await insert(signalReport({ nonce: 'odd', signals: odd }));
      for (let i = 0; i < 11; i++) {
        await insert(signalReport({ nonce: `lang-${i}`, signals: personSignals({ languages: [`x-${String(i).padStart(2, '0')}`] }) }));
      }
      const summary = await store().query.signals.signalSummary({ since: T0, bucketMs: HOUR });
      expect(summary.timeZones).toEqual([{ value: 'Europe/Madrid', count: 11 }, { value: 'unknown', count: 1 }]);
      expect(summary.screens).toEqual([{ value: '1920x1080', count: 11 }, { value: '390x844', count: 1 }]);
      expect(summary.languages).toHaveLength(10);
      expect(summary.languages.map((l) => l.value)).toEqual(['none', ...Array.from({ length: 9 }, (_, i) => `x-0${i}`)]);
    });

    it('summarises an empty store as zeros and empty lists', async () => {
      expect(await store().query.signals.signalSummary({ since: T0, bucketMs: HOUR })).toEqual({
        since: T0, bucketMs: HOUR, totals: { people: 0, automation: 0, fallback: 0 },
        buckets: [], topReasons: [], timeZones: [], languages: [], screens: [],
      });
      expect(await store().query.signals.recentSignalReports(5)).toEqual([]);
    });
  });
}
