import { useEffect, useSyncExternalStore } from 'react';
import type { ConsentHandler, ConsentVendorList } from '@tarmac/platform/consent';

/** The vendor list once loaded, or where its loading stands. */
export type VendorListState = ConsentVendorList | 'loading' | 'failed';

type Load = () => Promise<ConsentVendorList>;

interface ListStore {
  get(): VendorListState;
  subscribe(listener: () => void): () => void;
  /** Starts loading unless it is loading or loaded; after a failure, starts again. */
  request(): void;
}

// One store per handler's loader, outside React: every component reading the list sees one value.
const stores = new WeakMap<Load, ListStore>();

function storeFor(load: Load): ListStore {
  let store = stores.get(load);
  if (store) return store;
  let state: VendorListState = 'loading';
  let pending = false;
  const listeners = new Set<() => void>();
  const set = (next: VendorListState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  store = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    request() {
      if (pending || typeof state === 'object') return;
      pending = true;
      set('loading');
      load().then(
        (list) => set(list),
        () => set('failed'),
      ).finally(() => (pending = false));
    },
  };
  stores.set(load, store);
  return store;
}

/**
 * The site's vendor list through the platform handler (`handler.vendorList()`: one request for
 * the page), read like {@link useConsent} reads the consent state: `useSyncExternalStore` over a
 * small store. Asked for once `enabled`; after a failure, enabling again asks again.
 */
export function useVendorList(handler: Pick<ConsentHandler, 'vendorList'>, enabled: boolean): VendorListState {
  const store = storeFor(handler.vendorList);
  const list = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    if (enabled) store.request();
  }, [store, enabled]);
  return list;
}
