import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentSnapshot, TcfWindow } from '@tarmac/platform/consent';
import { mount, unmountAll } from '../testing/mountReact.js';
import { useConsent } from './useConsent.js';
import type { ConsentStore } from './useConsent.js';
import { useVendorList } from './useVendorList.js';

afterEach(() => unmountAll());

/** A store shaped like the handler, with no CMP on the page at all. */
function fakeStore() {
  let state: ConsentSnapshot = { cmpStatus: 'stub', displayStatus: 'hidden' };
  const listeners = new Set<() => void>();
  const store: ConsentStore & { set(next: ConsentSnapshot): void; listeners: Set<() => void> } = {
    listeners,
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
  return store;
}

function Status({ store }: { store: ConsentStore }) {
  const consent = useConsent(store);
  return <p>{`${consent.cmpStatus} ${consent.displayStatus} ${consent.eventStatus ?? '-'}`}</p>;
}

describe('useConsent', () => {
  it('renders the store’s snapshot and follows each transition, without any __tcfapi call', () => {
    delete (window as TcfWindow).__tcfapi;
    const store = fakeStore();
    const container = mount(<Status store={store} />);
    expect(container.textContent).toBe('stub hidden -');
    act(() => store.set({ cmpStatus: 'loaded', displayStatus: 'visible', eventStatus: 'cmpuishown' }));
    expect(container.textContent).toBe('loaded visible cmpuishown');
    act(() => store.set({ cmpStatus: 'loaded', displayStatus: 'hidden', eventStatus: 'useractioncomplete' }));
    expect(container.textContent).toBe('loaded hidden useractioncomplete');
    expect((window as TcfWindow).__tcfapi).toBeUndefined();
  });

  it('unsubscribes on unmount', () => {
    const store = fakeStore();
    mount(<Status store={store} />);
    expect(store.listeners.size).toBe(1);
    unmountAll();
    expect(store.listeners.size).toBe(0);
  });
});

function ListState({ vendorList }: { vendorList: () => Promise<never> }) {
  const [enabled, setEnabled] = useState(false);
  // A fresh `{vendorList}` each render, as callers may pass it.
  const list = useVendorList({ vendorList }, enabled);
  return (
    <button type="button" onClick={() => setEnabled(!enabled)}>
      {typeof list === 'object' ? 'ready' : list}
    </button>
  );
}

describe('useVendorList', () => {
  it('asks the handler only once enabled, and again when enabled anew after a failure', async () => {
    const list = { gvlVersion: 1, purposes: [], specialPurposes: [], features: [], specialFeatures: [], dataCategories: [], vendors: [] };
    const vendorList = vi.fn<() => Promise<never>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(list as never);
    const container = mount(<ListState vendorList={vendorList} />);
    const button = container.querySelector('button')!;
    expect(vendorList).not.toHaveBeenCalled();
    expect(button.textContent).toBe('loading');
    await act(async () => button.click());
    expect(button.textContent).toBe('failed');
    await act(async () => button.click()); // disabled
    await act(async () => button.click()); // enabled again: asks again
    expect(button.textContent).toBe('ready');
    expect(vendorList).toHaveBeenCalledTimes(2);
  });
});
