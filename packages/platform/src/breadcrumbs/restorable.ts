/**
 * Replaces `target[name]` with `wrap(original)` and returns what puts the original back, so
 * every hook the breadcrumbs set on the page can be undone by `stop()`.
 */
export function replace<T extends object, K extends keyof T>(target: T, name: K, wrap: (original: T[K]) => T[K]): () => void {
  const original = target[name];
  target[name] = wrap(original);
  return () => {
    target[name] = original;
  };
}

/** Adds an event listener and returns what removes it. */
export function listen(target: EventTarget, type: string, handler: (event: Event) => void, capture?: boolean): () => void {
  target.addEventListener(type, handler, capture);
  return () => target.removeEventListener(type, handler, capture);
}
