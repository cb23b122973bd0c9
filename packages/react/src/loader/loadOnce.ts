import type { ComponentLoader } from '@tarmac/platform/loader';

// React's use() needs the same promise on every render until it settles; one per loader and path.
const promises = new WeakMap<ComponentLoader, Map<string, Promise<unknown>>>();

/**
 * The load of `path` that renders share. A rejected load is dropped once it settles, so the
 * next mount (after an error boundary resets) tries again, as the loader itself does.
 */
export function loadOnce(loader: ComponentLoader, path: string, options?: Record<string, unknown>): Promise<unknown> {
  let byPath = promises.get(loader);
  if (!byPath) promises.set(loader, (byPath = new Map()));
  let promise = byPath.get(path);
  if (!promise) {
    promise = loader.load(path, options);
    byPath.set(path, promise);
    promise.catch(() => byPath.delete(path));
  }
  return promise;
}
