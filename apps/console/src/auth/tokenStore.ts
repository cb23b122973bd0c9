import { hashWithoutToken, tokenFromHash } from './tokenFromHash';

const storageKey = 'tarmac.console.token';

/** Where the token is kept between visits; injectable so tests need no real browser. */
export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

function browserEnvironment(): TokenEnvironment {
  return { location: window.location, history: window.history, storage: window.localStorage };
}

/**
 * The token to start with: a `#token=` in the address wins (it is stored, then removed from
 * the address bar and history so it is not shared by copy-paste or left on screen); otherwise
 * the one stored on an earlier visit.
 */
export function takeInitialToken(env: TokenEnvironment = browserEnvironment()): string | undefined {
  const fromHash = tokenFromHash(env.location.hash);
  if (fromHash) {
    saveToken(fromHash, env);
    const { pathname, search, hash } = env.location;
    env.history.replaceState(env.history.state, '', pathname + search + hashWithoutToken(hash));
    return fromHash;
  }
  return readToken(env);
}

/** Keeps the token for the next visit; storage can be unavailable (private modes), which is fine. */
export function saveToken(token: string, env: TokenEnvironment = browserEnvironment()): void {
  try {
    env.storage.setItem(storageKey, token);
  } catch {
    // The session still works, it just will not be remembered.
  }
}

/** Forgets the token, e.g. after the server rejected it. */
export function clearToken(env: TokenEnvironment = browserEnvironment()): void {
  try {
    env.storage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function readToken(env: TokenEnvironment): string | undefined {
  try {
    return env.storage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}
