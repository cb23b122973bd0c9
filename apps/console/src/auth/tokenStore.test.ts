import { describe, expect, it, vi } from 'vitest';
import { clearToken, takeInitialToken } from './tokenStore';
import type { TokenEnvironment } from './tokenStore';

function environment(hash: string, stored?: string) {
  const items = new Map<string, string>(stored ? [['tarmac.console.token', stored]] : []);
  return {
    location: { hash, pathname: '/console/', search: '?x=1' },
    history: { state: null, replaceState: vi.fn() },
    storage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    },
    items,
  } satisfies TokenEnvironment & { items: Map<string, string> };
}

describe('takeInitialToken', () => {
  it('takes the token from the hash, stores it and removes it from the address', () => {
    const env = environment('#token=fresh', 'old');
    expect(takeInitialToken(env)).toBe('fresh');
    expect(env.items.get('tarmac.console.token')).toBe('fresh');
    expect(env.history.replaceState).toHaveBeenCalledWith(null, '', '/console/?x=1');
  });

  it('falls back to the stored token and leaves the address alone', () => {
    const env = environment('', 'kept');
    expect(takeInitialToken(env)).toBe('kept');
    expect(env.history.replaceState).not.toHaveBeenCalled();
  });

  it('has nothing when neither exists, and survives a storage that throws', () => {
    expect(takeInitialToken(environment(''))).toBeUndefined();
    const env = environment('');
    env.storage.getItem = () => {
      throw new Error('denied');
    };
    expect(takeInitialToken(env)).toBeUndefined();
  });
});

describe('clearToken', () => {
  it('forgets the stored token', () => {
    const env = environment('', 'kept');
    clearToken(env);
    expect(takeInitialToken(env)).toBeUndefined();
  });
});
