import { useState } from 'react';
import type { ConsoleClient } from '../api/client';
import type { LogGroupDetail } from '../api/types';
import { refreshIntervalMs } from './useLogGroups';
import { usePolling } from './usePolling';

/** The open group's detail; `detail` belongs to `groupId` only once it has loaded. */
export interface GroupDetailState {
  detail?: LogGroupDetail;
  error?: Error;
}

/** Loads a group's detail and keeps it fresh at the list's pace, so counts agree. */
export function useGroupDetail(client: ConsoleClient, groupId: string, paused: boolean): GroupDetailState {
  const [state, setState] = useState<GroupDetailState & { groupId?: string }>({});
  usePolling(
    async (signal) => {
      try {
        const detail = await client.getGroup(groupId, signal);
        if (!signal.aborted) setState({ detail, groupId });
      } catch (error) {
        if (!signal.aborted) setState({ error: error as Error, groupId });
      }
    },
    { intervalMs: refreshIntervalMs, paused, key: groupId },
  );
  // Never show the previous group's detail under a new selection.
  return state.groupId === groupId ? state : {};
}
