import { useState } from 'react';
import { groupQuery } from '../api/client';
import type { ConsoleClient } from '../api/client';
import type { GroupFilter, IssueGroupPage } from '../api/types';
import { usePolling } from './usePolling';

/** How often the group list refreshes itself. */
export const refreshIntervalMs = 5000;

/** The group list as the table shows it, with when it was last fetched. */
export interface LogGroupsState {
  list?: IssueGroupPage;
  error?: Error;
  updatedAt?: number;
  loading: boolean;
  refresh(): void;
}

/** The groups matching `filter`, polled every 5 s unless paused. */
export function useLogGroups(client: ConsoleClient, filter: GroupFilter, paused: boolean): LogGroupsState {
  const [state, setState] = useState<Omit<LogGroupsState, 'refresh' | 'loading'>>({});
  const key = groupQuery(filter);
  const [loadedKey, setLoadedKey] = useState<string>();

  const { refresh } = usePolling(
    async (signal) => {
      try {
        const list = await client.listGroups(filter, signal);
        if (signal.aborted) return;
        setState({ list, updatedAt: Date.now() });
        setLoadedKey(key);
      } catch (error) {
        if (!signal.aborted) setState((previous) => ({ ...previous, error: error as Error }));
      }
    },
    { intervalMs: refreshIntervalMs, paused, key },
  );

  return { ...state, loading: loadedKey !== key, refresh };
}
