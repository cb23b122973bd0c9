import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, LEVEL_MS, MINUTE_MS, bucketFor, bucketStart, coverWindow, levelFor } from './timeGrid.js';
import type { RollupLevel } from './timeGrid.js';

const epochMs = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
const spanMs = fc.integer({ min: 1, max: 400 * DAY_MS });

describe('the time grid', () => {
  it('picks 5-minute, hour and day buckets by span, and the level that fills them', () => {
    expect(bucketFor(6 * HOUR_MS)).toBe(5 * MINUTE_MS);
    expect(bucketFor(24 * HOUR_MS)).toBe(HOUR_MS);
    expect(bucketFor(7 * DAY_MS)).toBe(DAY_MS);
    expect([5 * MINUTE_MS, HOUR_MS, DAY_MS].map(levelFor)).toEqual(['minute', 'hour', 'day']);
  });

  it('aligns day buckets with UTC midnight', () => {
    expect(bucketStart(Date.UTC(2026, 10, 23, 17, 45), DAY_MS)).toBe(Date.UTC(2026, 10, 23));
  });

  it('covers a window with aligned pieces, without gaps or overlap, from whole minutes', () => {
    fc.assert(
      fc.property(epochMs, spanMs, fc.constantFrom<RollupLevel>('minute', 'hour', 'day'), (from, span, coarsest) => {
        const pieces = coverWindow(from, from + span, coarsest);
        expect(pieces[0]!.from).toBe(bucketStart(from, MINUTE_MS));
        expect(pieces.at(-1)!.to).toBe(Math.ceil((from + span) / MINUTE_MS) * MINUTE_MS);
        for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.from).toBe(pieces[i - 1]!.to);
        for (const piece of pieces) {
          const width = LEVEL_MS[piece.level];
          expect(piece.from % width).toBe(0);
          expect(piece.to % width).toBe(0);
          expect(piece.to).toBeGreaterThan(piece.from);
          expect(width).toBeLessThanOrEqual(LEVEL_MS[coarsest]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads a 30-day window mostly from day rows: a few hundred rows, not 43,200 minutes', () => {
    const to = Date.UTC(2026, 10, 23, 17, 45, 12);
    const pieces = coverWindow(to - 30 * DAY_MS, to);
    const rows = pieces.reduce((n, p) => n + (p.to - p.from) / LEVEL_MS[p.level], 0);
    expect(pieces.map((p) => p.level)).toEqual(['minute', 'hour', 'day', 'hour', 'minute']);
    expect(rows).toBeLessThan(200);
  });
});
