import type { GroupFilter, IssueDetail, IssueGroupPage, LogRules } from './types';

/** An API failure with the status and the server's `{code, reason}` when it sent one. */
export interface ConsoleApiError extends Error {
  status: number;
  code?: string;
}

/** Every call the console makes, bound to one token. */
export interface ConsoleClient {
  /** Resolves when the token is accepted; rejects with a 401 error otherwise. */
  checkSession(signal?: AbortSignal): Promise<void>;
  /** The groups with their occurrences over the last 24 hours (the server's default window). */
  listGroups(filter: GroupFilter, signal?: AbortSignal): Promise<IssueGroupPage>;
  getGroup(groupId: string, signal?: AbortSignal): Promise<IssueDetail>;
  getSettings(signal?: AbortSignal): Promise<LogRules>;
  putSettings(settings: LogRules): Promise<LogRules>;
  /** A GET under the console API for sections that keep their calls in their own folder. */
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  /** A change under the console API (the body sent as JSON), for the same sections. */
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** Options of {@link createConsoleClient}; `fetch` is injectable for tests. */
export interface ConsoleClientOptions {
  token: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called on any 401, so every view sends the operator back to sign-in the same way. */
  onUnauthorized?: (error: ConsoleApiError) => void;
}

/** True for the error the API gives a missing, wrong or revoked token. */
export function isUnauthorized(error: unknown): boolean {
  return (error as Partial<ConsoleApiError> | null)?.status === 401;
}

/** Builds the query string of the group list, leaving out filters that are not set. */
export function groupQuery(filter: GroupFilter): string {
  const params = new URLSearchParams();
  if (filter.level) params.set('level', String(filter.level));
  if (filter.product) params.set('product', filter.product);
  if (filter.status) params.set('status', filter.status);
  const q = filter.q?.trim();
  if (q) params.set('q', q);
  if (filter.limit) params.set('limit', String(filter.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The console's only way to reach the server: adds the bearer token, turns non-2xx replies
 * into {@link ConsoleApiError}s carrying the server's reason, and parses JSON.
 */
export function createConsoleClient(options: ConsoleClientOptions): ConsoleClient {
  const { token, baseUrl = '/console/api', fetch: doFetch = fetch, onUnauthorized } = options;
  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await doFetch(baseUrl + path, { ...init, headers });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = apiError(response.status, body);
      if (error.status === 401) onUnauthorized?.(error);
      throw error;
    }
    return body as T;
  }

  return {
    async checkSession(signal) {
      await request('/session', { signal });
    },
    listGroups: (filter, signal) => request(`/logs/groups${groupQuery(filter)}`, { signal }),
    getGroup: (groupId, signal) => request(`/logs/groups/${encodeURIComponent(groupId)}`, { signal }),
    getSettings: (signal) => request('/logs/settings', { signal }),
    putSettings: (settings) => request('/logs/settings', { method: 'PUT', body: JSON.stringify(settings) }),
    get: (path, signal) => request(path, { signal }),
    send: (method, path, body) => request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  };
}

function apiError(status: number, body: unknown): ConsoleApiError {
  const { code, reason } = (body ?? {}) as { code?: unknown; reason?: unknown };
  const message = typeof reason === 'string' && reason ? reason : `Request failed with status ${status}`;
  return Object.assign(new Error(message), {
    status,
    ...(typeof code === 'string' ? { code } : {}),
  });
}
