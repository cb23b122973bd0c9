import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../rollups/timeGrid.js';
import { planWindow } from './rollupWindow.js';

const NOW = Date.UTC(2026, 10, 23, 9, 30, 12, 345);
const at = (days: number, ms = 0) => Math.floor(NOW / DAY_MS) * DAY_MS - days * DAY_MS + ms;

describe('planWindow', () => {
  it('reads whole minutes from rollups and only the partial minutes at the edges from raw hits', () => {
    const from = at(2, 5 * HOUR_MS + 7 * MINUTE_MS + 1_500);
    const plan = planWindow(from, NOW, 5 * MINUTE_MS, 'minute', NOW, 30);
    expect(plan.raw).toEqual([
      { from, to: at(2, 5 * HOUR_MS + 8 * MINUTE_MS) },
      { from: Math.floor(NOW / MINUTE_MS) * MINUTE_MS, to: NOW },
    ]);
    expect(plan.pieces).toEqual([{ level: 'minute', from: at(2, 5 * HOUR_MS + 8 * MINUTE_MS), to: Math.floor(NOW / MINUTE_MS) * MINUTE_MS }]);
  });

  it('needs no raw rows for a window of whole minutes and uses every level up to the coarsest', () => {
    const plan = planWindow(at(5, 90 * MINUTE_MS), at(1, 30 * MINUTE_MS), MINUTE_MS, 'day', NOW, 30);
    expect(plan.raw).toEqual([]);
    expect(plan.pieces.map((p) => p.level)).toEqual(['minute', 'hour', 'day', 'minute']);
    expect(plan.pieces[0]!.from).toBe(at(5, 90 * MINUTE_MS));
    expect(plan.pieces.at(-1)!.to).toBe(at(1, 30 * MINUTE_MS));
  });

  it('reads a window inside one minute, or with buckets finer than a minute, from raw hits alone', () => {
    expect(planWindow(NOW - 20_000, NOW, MINUTE_MS, 'day', NOW, 30)).toEqual({ pieces: [], raw: [{ from: NOW - 20_000, to: NOW }] });
    expect(planWindow(at(1), at(1, HOUR_MS), 1_000, 'minute', NOW, 30)).toEqual({ pieces: [], raw: [{ from: at(1), to: at(1, HOUR_MS) }] });
  });

  it('reads an edge whose raw hits are past retention as the whole rollup minute', () => {
    const from = at(3, 10 * MINUTE_MS + 30_000);
    const plan = planWindow(from, at(1, 30_000), MINUTE_MS, 'day', NOW, 2);
    expect(plan.pieces[0]!.from).toBe(at(3, 10 * MINUTE_MS));
    expect(plan.raw).toEqual([{ from: at(1), to: at(1, 30_000) }]);
  });

  it('reads no raw edge where the minute rows are past retention and a coarser row holds the edge', () => {
    const from = at(20, 10 * MINUTE_MS + 30_000);
    const plan = planWindow(from, at(1), MINUTE_MS, 'day', NOW, 30);
    expect(plan.pieces[0]).toMatchObject({ level: 'hour', from: at(20) });
    expect(plan.raw).toEqual([]);
  });
});
