import { useState } from 'react';
import type { PollingOptions } from './usePolling';
import { usePolling } from './usePolling';

/** What a polled view renders: the newest reply, the last failure (cleared by a success). */
export interface PolledData<T> {
  data: T | undefined;
  error: Error | undefined;
  refresh(): void;
}

/**
 * Keeps a dashboard's data fresh: `load` runs now and every `intervalMs`, its reply replaces
 * the data, a failure is kept for the view to show (the old data stays on screen), and a reply
 * that arrives after the key changed is ignored.
 */
export function usePolledData<T>(load: (signal: AbortSignal) => Promise<T>, options: PollingOptions): PolledData<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const { refresh } = usePolling(async (signal) => {
    try {
      const reply = await load(signal);
      if (signal.aborted) return;
      setData(reply);
      setError(undefined);
    } catch (failure) {
      if (!signal.aborted) setError(failure as Error);
    }
  }, options);
  return { data, error, refresh };
}
