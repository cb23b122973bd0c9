import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GroupBreadcrumbs } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { advanceTimers, fakeTimerRootForEachTest } from '../hooks/testing/fakeTimerRoot';
import { BreadcrumbTimeline, beforeLast, clockTime } from './BreadcrumbTimeline';

const testRoot = fakeTimerRootForEachTest();

const reply: GroupBreadcrumbs = {
  groupId: 'demo:abc',
  occurrences: [
    {
      occurrenceId: 'newest',
      receivedAt: 2_000_000,
      url: '/',
      breadcrumbs: [
        { at: 1_000_000, category: 'navigation', message: '/results' },
        { at: 1_000_250, category: 'click', message: 'button#pay "Pay"' },
        { at: 1_001_500, category: 'fetch', message: 'POST /pay', method: 'POST', url: '/pay', status: 502, durationMs: 1200 },
        { at: 1_001_500, category: 'console', level: 'error', message: 'payment failed' },
      ],
    },
    { occurrenceId: 'older', receivedAt: 1_000_000, url: '/', breadcrumbs: [{ at: 5, category: 'click', message: 'a.nav "Home"' }] },
  ],
};

function clientAnswering(body: unknown): ConsoleClient & { get: ReturnType<typeof vi.fn> } {
  return { get: vi.fn(() => Promise.resolve(body)) } as unknown as ConsoleClient & { get: ReturnType<typeof vi.fn> };
}
const rows = () =>
  [...testRoot.container.querySelectorAll('[data-testid="breadcrumb"]')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe('BreadcrumbTimeline', () => {
  it('shows the newest occurrence’s trail oldest first, timed before the last step, failed requests marked', async () => {
    const client = clientAnswering(reply);
    testRoot.render(<BreadcrumbTimeline client={client} groupId="demo:abc" paused />);
    await advanceTimers(0);
    expect(client.get).toHaveBeenCalledWith('/logs/groups/demo%3Aabc/breadcrumbs', expect.any(AbortSignal));
    expect(rows()).toEqual([
      [clockTime(1_000_000) + '−1.50 s', 'Navigation', '/results', ''],
      [clockTime(1_000_250) + '−1.25 s', 'Click', 'button#pay "Pay"', ''],
      [clockTime(1_001_500) + '0 s', 'Fetch', 'POST /pay', '5021200 ms'],
      [clockTime(1_001_500) + '0 s', 'Console · error', 'payment failed', ''],
    ]);
    expect(testRoot.container.querySelector('.badge--l4')?.textContent).toBe('502');
  });

  it('switches to another occurrence’s trail', async () => {
    testRoot.render(<BreadcrumbTimeline client={clientAnswering(reply)} groupId="demo:abc" paused />);
    await advanceTimers(0);
    const select = testRoot.container.querySelector('select')!;
    act(() => {
      select.value = 'older';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(rows().map((cells) => cells[2])).toEqual(['a.nav "Home"']);
  });

  it('says so when no stored occurrence carries breadcrumbs', async () => {
    testRoot.render(<BreadcrumbTimeline client={clientAnswering({ groupId: 'g', occurrences: [] })} groupId="g" paused />);
    await advanceTimers(0);
    expect(testRoot.container.textContent).toContain('No stored occurrence carries breadcrumbs.');
  });
});

describe('clockTime and beforeLast', () => {
  it('give the time to the millisecond and the distance to the last step', () => {
    const at = new Date(2026, 10, 23, 9, 5, 7, 42).getTime();
    expect(clockTime(at)).toBe('09:05:07.042');
    expect([beforeLast(1_000, 1_000), beforeLast(0, 9_990), beforeLast(0, 75_000)]).toEqual(['0 s', '−9.99 s', '−75.0 s']);
  });
});
