import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { usePolling } from './usePolling';
import type { PollingOptions } from './usePolling';
import { advanceTimers, fakeTimerRootForEachTest } from './testing/fakeTimerRoot';

const testRoot = fakeTimerRootForEachTest();

function Poller({ task, options }: { task: (signal: AbortSignal) => Promise<void>; options: PollingOptions }) {
  const { refresh } = usePolling(task, options);
  return <button onClick={refresh}>refresh</button>;
}

function render(task: (signal: AbortSignal) => Promise<void>, options: PollingOptions) {
  testRoot.render(<Poller task={task} options={options} />);
}

function clickRefresh() {
  act(() => testRoot.container.querySelector('button')!.click());
}


describe('usePolling', () => {
  it('runs at once, then every interval after each run', async () => {
    const task = vi.fn(async () => {});
    render(task, { intervalMs: 5000 });
    await advanceTimers(0);
    expect(task).toHaveBeenCalledTimes(1);
    await advanceTimers(4999);
    expect(task).toHaveBeenCalledTimes(1);
    await advanceTimers(1);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('keeps polling after a failing run', async () => {
    const task = vi.fn(async () => {
      throw new Error('server down');
    });
    render(task, { intervalMs: 1000 });
    await advanceTimers(2000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('runs once but schedules nothing while paused; refresh still runs', async () => {
    const task = vi.fn(async () => {});
    render(task, { intervalMs: 1000, paused: true });
    await advanceTimers(5000);
    expect(task).toHaveBeenCalledTimes(1);
    clickRefresh();
    await advanceTimers(0);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('restarts on a new key and aborts the previous run', async () => {
    const signals: AbortSignal[] = [];
    const task = vi.fn(async (signal: AbortSignal) => void signals.push(signal));
    render(task, { intervalMs: 1000, key: 'a' });
    await advanceTimers(0);
    render(task, { intervalMs: 1000, key: 'b' });
    await advanceTimers(0);
    expect(task).toHaveBeenCalledTimes(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });
});
