import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { usePolledData } from './usePolledData';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;

function Shown({ load, dataKey }: { load: (signal: AbortSignal) => Promise<string>; dataKey: string }) {
  const { data, error } = usePolledData(load, { intervalMs: 1000, key: dataKey });
  return <p>{`${data ?? 'none'}|${error?.message ?? 'ok'}`}</p>;
}

const render = (load: (signal: AbortSignal) => Promise<string>, dataKey = 'a') =>
  act(() => root.render(<Shown load={load} dataKey={dataKey} />));
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const shown = () => container.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('usePolledData', () => {
  it('shows the reply, keeps it through a failure with the error, and clears the error on success', async () => {
    const replies = [Promise.resolve('first'), Promise.reject(new Error('down')), Promise.resolve('second')];
    replies[1]!.catch(() => undefined);
    const load = vi.fn(() => replies.shift()!);
    render(load);
    await advance(0);
    expect(shown()).toBe('first|ok');
    await advance(1000);
    expect(shown()).toBe('first|down');
    await advance(1000);
    expect(shown()).toBe('second|ok');
  });

  it('ignores a reply that arrives after the key changed', async () => {
    let finishOld: (value: string) => void = () => undefined;
    render(() => new Promise<string>((resolve) => (finishOld = resolve)), 'old');
    await advance(0);
    render(() => Promise.resolve('new window'), 'new');
    await advance(0);
    expect(shown()).toBe('new window|ok');
    finishOld('old window');
    await advance(0);
    expect(shown()).toBe('new window|ok');
  });
});
