import { act } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

// React warns about act() unless the environment says it is a test; set on import (tests only).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The current test's React root, for hooks whose behaviour is driven by the clock. */
export interface FakeTimerRoot {
  /** Renders (or re-renders) `node` inside act(). */
  render(node: ReactNode): void;
  /** The detached element the root renders into. */
  readonly container: HTMLElement;
}

/**
 * Gives every test of the calling file fake timers and a fresh root in a detached container,
 * unmounted and back on real timers after it, so polling tests control time and never leak.
 */
export function fakeTimerRootForEachTest(): FakeTimerRoot {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    container = document.createElement('div');
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    vi.useRealTimers();
  });
  return {
    render: (node) => act(() => root!.render(node)),
    get container() {
      return container!;
    },
  };
}

/** Advances the fake clock inside act(), letting awaited work settle so its renders land. */
export async function advanceTimers(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
