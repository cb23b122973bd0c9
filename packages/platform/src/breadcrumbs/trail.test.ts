import { describe, expect, it, vi } from 'vitest';
import { CRUMB_MAX, TRAIL_LENGTH, createTrail } from './trail.js';

const linesOf = (context: Record<string, string>): string[] =>
  Object.keys(context)
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))
    .flatMap((key) => context[key]!.split('\n'));

describe('createTrail', () => {
  it('keeps the newest 30 breadcrumbs, newest first, each as "<time> <kind> <text>"', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const trail = createTrail();
    for (let i = 0; i < TRAIL_LENGTH + 5; i++) {
      trail.add('click', `button "n${i}"`);
      vi.advanceTimersByTime(10);
    }
    vi.useRealTimers();
    const lines = linesOf(trail.context());
    expect(lines).toHaveLength(TRAIL_LENGTH);
    expect(lines[0]).toBe(`${1_700_000_000_000 + 34 * 10} click button "n34"`);
    expect(lines.at(-1)).toBe(`${1_700_000_000_000 + 5 * 10} click button "n5"`);
  });

  it('packs into context values the logger wire accepts: ≤ 1000 characters, ≤ 4 keys for a full trail', () => {
    const trail = createTrail();
    for (let i = 0; i < TRAIL_LENGTH; i++) trail.add('console log', 'x'.repeat(500));
    const context = trail.context();
    expect(Object.keys(context)).toEqual(['crumbs.0', 'crumbs.1', 'crumbs.2', 'crumbs.3']);
    for (const value of Object.values(context)) expect(value.length).toBeLessThanOrEqual(1000);
    expect(linesOf(context).every((line) => line.length === CRUMB_MAX)).toBe(true);
  });

  it('scrubs e-mail addresses like log messages and keeps each breadcrumb on one line', () => {
    const trail = createTrail();
    trail.add('console warn', 'sent to ana.lopez@example.com\nthen\tretried');
    expect(trail.context()['crumbs.0']).toMatch(/^\d+ console warn sent to \{email\} then retried$/);
  });

  it('skips a value without a string form instead of throwing', () => {
    const trail = createTrail();
    expect(() => trail.add('console log', Object.create(null))).not.toThrow();
    trail.add('console log', new TypeError('boom'));
    expect(linesOf(trail.context())).toEqual([expect.stringMatching(/ console log TypeError: boom$/)]);
  });

  it('gives no keys at all while nothing was recorded', () => {
    expect(createTrail().context()).toEqual({});
  });
});
