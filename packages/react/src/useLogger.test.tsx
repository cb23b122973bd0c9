import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { PlatformProvider } from './PlatformProvider.js';
import { useLogger } from './useLogger.js';
import type { PlatformLogger } from './platformContext.js';
import { mount, unmountAll } from './testing/mountReact.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

function fakeLogger(): PlatformLogger {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), flush: vi.fn(), stop: vi.fn() } as unknown as PlatformLogger;
}

function LogsOnRender({ text }: { text: string }) {
  const logger = useLogger();
  logger.info(text);
  return <span>ok</span>;
}

/** Renders a probe outside any boundary and returns what it threw. */
function thrownBy(node: ReactNode): unknown {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  let caught: unknown;
  try {
    mount(node);
  } catch (error) {
    caught = error;
  }
  return caught;
}

describe('useLogger', () => {
  it('returns the logger given to the provider', () => {
    const logger = fakeLogger();
    const container = mount(
      <PlatformProvider logger={logger}>
        <LogsOnRender text="hello" />
      </PlatformProvider>,
    );
    expect(container.textContent).toBe('ok');
    expect(logger.info).toHaveBeenCalledWith('hello');
  });

  it('throws a clear error outside the provider', () => {
    const error = thrownBy(<LogsOnRender text="x" />);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/useLogger\(\) must be used inside <PlatformProvider>/);
  });

  it('throws a clear error when the provider has no logger', () => {
    const error = thrownBy(
      <PlatformProvider>
        <LogsOnRender text="x" />
      </PlatformProvider>,
    );
    expect((error as Error).message).toMatch(/has no logger/);
  });
});
