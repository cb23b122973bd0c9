import { act } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

/** Where a test wants its tree: detached (default) or attached to document.body, for focus and layout. */
export interface MountOptions {
  attach?: boolean;
}

// React warns about act() unless the environment says it is a test. Set on import (test files
// only import this) so it also holds for act() calls a test makes before its first mount.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Every root a test mounted, so unmountAll() can clean up even when a test mounts twice.
const mounted: { root: Root; container: HTMLElement }[] = [];

function createMounted(options: MountOptions): { root: Root; container: HTMLElement } {
  const container = document.createElement('div');
  if (options.attach) document.body.appendChild(container);
  const entry = { root: createRoot(container), container };
  mounted.push(entry);
  return entry;
}

/**
 * Renders `node` into a fresh container inside act(), so effects have run when it returns.
 * The root is registered before rendering, so a render that throws is still cleaned up.
 */
export function mount(node: ReactNode, options: MountOptions = {}): HTMLElement {
  const { root, container } = createMounted(options);
  act(() => root.render(node));
  return container;
}

/** Like mount, but awaits an async act so promises started while rendering (lazy loads) settle. */
export async function mountAsync(node: ReactNode, options: MountOptions = {}): Promise<HTMLElement> {
  const { root, container } = createMounted(options);
  await act(async () => root.render(node));
  return container;
}

/** Renders a new tree into the most recently mounted root: tests of props changing over time. */
export function rerender(node: ReactNode): void {
  const last = mounted[mounted.length - 1];
  if (!last) throw new Error('rerender() before mount()');
  act(() => last.root.render(node));
}

/** Unmounts every mounted root and detaches its container; call it from afterEach. */
export function unmountAll(): void {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
}
