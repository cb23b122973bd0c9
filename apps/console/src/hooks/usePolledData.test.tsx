import { describe, expect, it, vi } from 'vitest';
import { usePolledData } from './usePolledData';
import { advanceTimers, fakeTimerRootForEachTest } from './testing/fakeTimerRoot';

const testRoot = fakeTimerRootForEachTest();

function Shown({ load, dataKey }: { load: (signal: AbortSignal) => Promise<string>; dataKey: string }) {
  const { data, error } = usePolledData(load, { intervalMs: 1000, key: dataKey });
  return <p>{`${data ?? 'none'}|${error?.message ?? 'ok'}`}</p>;
}

const render = (load: (signal: AbortSignal) => Promise<string>, dataKey = 'a') =>
  testRoot.render(<Shown load={load} dataKey={dataKey} />);
const shown = () => testRoot.container.textContent;

describe('usePolledData', () => {
  it('shows the reply, keeps it through a failure with the error, and clears the error on success', async () => {
    const replies = [Promise.resolve('first'), Promise.reject(new Error('down')), Promise.resolve('second')];
    replies[1]!.catch(() => undefined);
    const load = vi.fn(() => replies.shift()!);
    render(load);
    await advanceTimers(0);
    expect(shown()).toBe('first|ok');
    await advanceTimers(1000);
    expect(shown()).toBe('first|down');
    await advanceTimers(1000);
    expect(shown()).toBe('second|ok');
  });

  it('ignores a reply that arrives after the key changed', async () => {
    let finishOld: (value: string) => void = () => undefined;
    render(() => new Promise<string>((resolve) => (finishOld = resolve)), 'old');
    await advanceTimers(0);
    render(() => Promise.resolve('new window'), 'new');
    await advanceTimers(0);
    expect(shown()).toBe('new window|ok');
    finishOld('old window');
    await advanceTimers(0);
    expect(shown()).toBe('new window|ok');
  });
});
