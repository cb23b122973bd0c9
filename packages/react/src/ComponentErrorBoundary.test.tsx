import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { PlatformProvider } from './PlatformProvider.js';
import { ComponentErrorBoundary } from './ComponentErrorBoundary.js';
import type { PlatformLogger } from './platformContext.js';
import { mount, rerender, unmountAll } from './testing/mountReact.js';

beforeEach(() => {
  // React prints caught render errors; the assertions below check what matters.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), flush: vi.fn(), stop: vi.fn() };
}

function Broken({ message }: { message: string }): ReactNode {
  throw new Error(message);
}

describe('ComponentErrorBoundary', () => {
  it('renders its children when nothing fails', () => {
    const container = mount(
      <ComponentErrorBoundary>
        <p>fine</p>
      </ComponentErrorBoundary>,
    );
    expect(container.textContent).toBe('fine');
  });

  it('shows the red box with message and stack in development', () => {
    const container = mount(
      <PlatformProvider development>
        <ComponentErrorBoundary name="PriceChart">
          <Broken message="prices missing" />
        </ComponentErrorBoundary>
      </PlatformProvider>,
    );
    const box = container.querySelector('[data-testid="dev-error-box"]');
    expect(box).not.toBeNull();
    expect(box!.getAttribute('role')).toBe('alert');
    expect(box!.textContent).toContain('PriceChart failed to render');
    expect(box!.textContent).toContain('Error: prices missing');
    expect(box!.querySelector('pre')?.textContent).toContain('prices missing');
  });

  it('shows the fallback, never the box, in production', () => {
    const container = mount(
      <PlatformProvider>
        <ComponentErrorBoundary fallback={(error) => <em>unavailable ({(error as Error).message})</em>}>
          <Broken message="boom" />
        </ComponentErrorBoundary>
      </PlatformProvider>,
    );
    expect(container.querySelector('[data-testid="dev-error-box"]')).toBeNull();
    expect(container.textContent).toBe('unavailable (boom)');
  });

  it('renders nothing in production without a fallback', () => {
    const container = mount(
      <ComponentErrorBoundary>
        <Broken message="boom" />
      </ComponentErrorBoundary>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('reports a failure once per component and message, with the error itself', () => {
    const logger = fakeLogger();
    const tree = (key: number) => (
      <PlatformProvider logger={logger as unknown as PlatformLogger}>
        <ComponentErrorBoundary key={key} name="Hotels">
          <Broken message="no rooms" />
        </ComponentErrorBoundary>
      </PlatformProvider>
    );
    mount(tree(1));
    // A fresh boundary instance failing the same way is still the same problem.
    rerender(tree(2));
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [first, extra] = logger.error.mock.calls[0]!;
    expect(first).toBeInstanceOf(Error);
    expect((first as Error).message).toBe('no rooms');
    expect(extra).toMatchObject({ component: 'Hotels' });
  });

  it('reports a different message from the same component separately', () => {
    const logger = fakeLogger();
    const tree = (message: string) => (
      <PlatformProvider logger={logger as unknown as PlatformLogger}>
        <ComponentErrorBoundary key={message} name="Cars">
          <Broken message={message} />
        </ComponentErrorBoundary>
      </PlatformProvider>
    );
    mount(tree('a'));
    rerender(tree('b'));
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('survives a logger that throws', () => {
    const logger = fakeLogger();
    logger.error.mockImplementation(() => {
      throw new Error('logger down');
    });
    const container = mount(
      <PlatformProvider logger={logger as unknown as PlatformLogger} development>
        <ComponentErrorBoundary>
          <Broken message="boom" />
        </ComponentErrorBoundary>
      </PlatformProvider>,
    );
    expect(container.textContent).toContain('A component failed to render');
  });
});
