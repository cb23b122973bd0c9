import type { LogGroup, LogGroupList } from '@tarmac/server/contracts';
import { inject } from 'vitest';

/** Calls the console API of the server under test with the console token, returning parsed JSON. */
export async function consoleApi<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${inject('baseURL')}/console/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${inject('consoleToken')}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  if (!response.ok) throw new Error(`console API ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The log groups as the console sees them, optionally filtered by a text query. */
export async function logGroups(q = ''): Promise<LogGroup[]> {
  const { groups } = await consoleApi<LogGroupList>(`/logs/groups?limit=500&q=${encodeURIComponent(q)}`);
  return groups;
}
