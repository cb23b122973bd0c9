import { afterEach, beforeEach } from 'vitest';
import type { Store } from '../ports.js';

/**
 * How a conformance suite gets a store: every call gives an EMPTY one (SQLite opens ':memory:',
 * PostgreSQL truncates its tables), so no test sees another's rows. The suite closes each store
 * it opened when its test ends.
 */
export type OpenStore = () => Promise<Store>;

/**
 * Opens a fresh store before each test of the calling `describe` and closes it after; the
 * returned function gives the current test's store.
 */
export function storePerTest(open: OpenStore): () => Store {
  let current: Store | undefined;
  beforeEach(async () => {
    current = await open();
  });
  afterEach(async () => {
    const store = current;
    current = undefined;
    await store?.close();
  });
  return () => {
    if (!current) throw new Error('no store is open: call the getter inside a test, not while declaring it');
    return current;
  };
}
