/** A lookup of {@link boundedCache}: the value for a key, made with `make` when missing. */
export type BoundedCache<T> = (key: string, make: (key: string) => T) => T;

/**
 * A lookup that makes what is missing and keeps at most `limit` entries, forgetting the oldest
 * first. The i18n caches use it because their keys (locales, date patterns) come from callers:
 * a page uses a handful, but a caller building keys from data must not grow memory for ever.
 * `make` is passed on each lookup so a hot caller can hand over one function made once.
 */
export function boundedCache<T>(limit: number): BoundedCache<T> {
  const entries = new Map<string, T>();
  return (key, make) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = make(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    }
    return value;
  };
}
