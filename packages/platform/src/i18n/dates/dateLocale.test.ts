import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type momentType from 'moment';
import { dateLocale } from './dateLocale.js';

// moment 2.30.1 is the oracle: its CommonJS build, with the `es` locale registered on the same
// instance (the locale file requires '../moment').
const require = createRequire(import.meta.url);
const moment = require('moment') as typeof momentType;
require('moment/locale/es');

const TOKENS =
  'YYYY YY Q Qo M MM MMM MMMM Mo D DD Do DDD DDDD DDDo d do dd ddd dddd e E H HH h hh k kk m mm s ss S SS SSS a A w ww wo W WW Wo gg gggg GG GGGG X x Z ZZ'.split(' ');
const PATTERNS = [
  ...TOKENS,
  'LT', 'LTS', 'L', 'LL', 'LLL', 'LLLL', 'l', 'll', 'lll', 'llll',
  'D-MMM-YYYY', 'MMM D', '[hoy es] dddd [a las] LT', '[Week] w [of] gggg, [ISO] W/GGGG', 'YYYY-MM-DDTHH:mm:ss.SSSZ',
  '\\D\\o [text] [unclosed', 'dddd, Do [de] MMMM [-MMM-] MMM', 'h:mm a k:mm A', '',
  'LL\nLT [at\nnight] D\r\nM',
];

// A fixed-seed generator, so every run checks the same thousands of cases.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const EDGES = [
  '2020-12-31T23:59:59', '2021-01-01T00:00:00', '2021-01-03T12:00:00', '2021-01-04T00:00:00', '2015-12-28T01:00:00',
  '2016-01-03T13:00:00', '2026-03-29T01:30:00', '2026-03-29T03:30:00', '2026-10-25T02:30:00', '2024-02-29T13:05:00',
  '2027-01-01T01:00:00', '2010-01-03T00:00:00', '1999-12-31T23:00:00', '2000-01-01T12:00:00',
].map((text) => new Date(text).getTime());

function sampleDates(count: number, seed: number): number[] {
  const next = random(seed);
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2080, 0, 1);
  return [...EDGES, ...Array.from({ length: count }, () => Math.floor(from + next() * (to - from)))];
}

const originalZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalZone;
});

describe.each(['Europe/Madrid', 'America/New_York', 'UTC'])('dateLocale in %s', (zone) => {
  describe.each(['es', 'en'] as const)('%s', (name) => {
    const ours = dateLocale(name);
    const at = (time: number) => moment(time).locale(name);

    it('formats every token and long format like moment', () => {
      process.env.TZ = zone;
      const dates = sampleDates(400, 7);
      for (const time of dates) {
        for (const pattern of PATTERNS) expect(ours.format(time, pattern), `${pattern} @ ${new Date(time).toISOString()}`).toBe(at(time).format(pattern));
        expect(ours.format(time)).toBe(at(time).format());
        expect(ours.week(time)).toBe(at(time).week());
        expect(ours.weekday(time)).toBe(at(time).weekday());
      }
      // Thousands of comparisons against moment: seconds on a quiet machine, more on a shared one.
    }, 60_000);

    it('says fromNow and calendar like moment', () => {
      process.env.TZ = zone;
      const next = random(11);
      const spans = [0, 1, 44e3, 45e3, 89e3, 90e3, 44 * 6e4, 45 * 6e4, 21.5 * 36e5, 22 * 36e5, 25.5 * 864e5, 26 * 864e5, 320 * 864e5, 345 * 864e5, 548 * 864e5];
      for (const now of sampleDates(250, 3)) {
        const offsets = [...spans, ...spans.map((s) => -s), ...Array.from({ length: 12 }, () => (next() - 0.5) * 2 ** (next() * 38))];
        for (const offset of offsets) {
          const time = Math.round(now + offset);
          expect(ours.fromNow(time, now), `fromNow ${offset}`).toBe(at(time).from(now));
          expect(ours.calendar(time, now), `calendar ${offset}`).toBe(at(time).calendar(now));
        }
        for (const days of [-8, -6, -3, -1, 0, 1, 2, 5, 7]) {
          const time = now + days * 864e5 + Math.floor(next() * 864e5);
          expect(ours.calendar(time, now)).toBe(at(time).calendar(now));
        }
      }
    });

    it('humanizes durations like moment', () => {
      process.env.TZ = zone;
      const next = random(5);
      const lengths = [0, 1000, 44_000, 45_000, 2_700_000, 79_200_000, 2_246_400_000, 28_512_000_000, 1e12];
      for (let i = 0; i < 1500; i++) lengths.push(Math.round((next() - 0.5) * 2 ** (next() * 40)));
      for (const ms of lengths) {
        expect(ours.humanize(ms)).toBe(moment.duration(ms).locale(name).humanize());
        expect(ours.humanize(ms, true)).toBe(moment.duration(ms).locale(name).humanize(true));
      }
    });

    it('gives the invalid-date text like moment', () => {
      expect(ours.format(Number.NaN, 'LL')).toBe(moment(Number.NaN).locale(name).format('LL'));
      expect(ours.fromNow(Number.NaN)).toBe(moment(Number.NaN).locale(name).fromNow());
      expect(ours.humanize(Number.NaN)).toBe(moment.duration(Number.NaN).locale(name).humanize());
    });
  });
});

describe('Spanish specifics', () => {
  const es = dateLocale('es');
  it('uses the article of the hour and Monday weeks', () => {
    process.env.TZ = 'Europe/Madrid';
    const now = new Date(2026, 4, 12, 9, 0);
    expect(es.calendar(new Date(2026, 4, 12, 1, 5), now)).toBe('hoy a la 1:05');
    expect(es.calendar(new Date(2026, 4, 12, 13, 0), now)).toBe('hoy a las 13:00');
    expect(es.format(new Date(2021, 0, 3), 'w gggg')).toBe('53 2020');
    expect(es.format(new Date(2026, 8, 1), 'D-MMM-YYYY MMM')).toBe('1-sep-2026 sep');
    expect(es.format(new Date(2026, 8, 1), 'D MMM')).toBe('1 sep.');
  });
});
