import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { usePolling } from './usePolling';
import type { PollingOptions } from './usePolling';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;

function Poller({ task, options }: { task: (signal: AbortSignal) => Promise<void>; options: PollingOptions }) {
  const { refresh } = usePolling(task, options);
  return <button onClick={refresh}>refresh</button>;
}

function render(task: (signal: AbortSignal) => Promise<void>, options: PollingOptions) {
  act(() => root.render(<Poller task={task} options={options} />));
}

function clickRefresh() {
  act(() => container.querySelector('button')!.click());
}

/** Lets the awaited task settle, then advances the clock. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('usePolling', () => {
  it('runs at once, then every interval after each run', async () => {
    const task = vi.fn(async () => {});
    render(task, { intervalMs: 5000 });
    await advance(0);
    expect(task).toHaveBeenCalledTimes(1);
    await advance(4999);
    expect(task).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('keeps polling after a failing run', async () => {
    const task = vi.fn(async () => {
      throw new Error('server down');
    });
    render(task, { intervalMs: 1000 });
    await advance(2000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('runs once but schedules nothing while paused; refresh still runs', async () => {
    const task = vi.fn(async () => {});
    render(task, { intervalMs: 1000, paused: true });
    await advance(5000);
    expect(task).toHaveBeenCalledTimes(1);
    clickRefresh();
    await advance(0);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('restarts on a new key and aborts the previous run', async () => {
    const signals: AbortSignal[] = [];
    const task = vi.fn(async (signal: AbortSignal) => void signals.push(signal));
    render(task, { intervalMs: 1000, key: 'a' });
    await advance(0);
    render(task, { intervalMs: 1000, key: 'b' });
    await advance(0);
    expect(task).toHaveBeenCalledTimes(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });
});
