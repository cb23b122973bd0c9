import { useSyncExternalStore } from 'react';
import type { ConsentHandler, ConsentSnapshot } from '@tarmac/platform/consent';

/** What {@link useConsent} reads: the handler's state and its change notifications. */
export type ConsentStore = Pick<ConsentHandler, 'subscribe' | 'state'>;

/**
 * The page's consent state (statuses, consent data and its decoded TC string), read the way
 * TanStack's adapters read their stores: `useSyncExternalStore` over the platform handler's
 * `subscribe` and `state`. Re-renders on every transition (loaded, UI shown, choice saved,
 * update, error), and every component reading it sees the same snapshot in a render.
 */
export function useConsent(handler: ConsentStore): ConsentSnapshot {
  return useSyncExternalStore(handler.subscribe, handler.state, handler.state);
}
