import { useCallback, useEffect, useMemo, useState } from 'react';
import { createConsoleClient } from '../api/client';
import type { ConsoleClient } from '../api/client';
import { clearToken, saveToken, takeInitialToken } from './tokenStore';

/** The signed-in state of the console. */
export interface Session {
  /** Present while signed in; bound to the token and signing out on any 401. */
  client?: ConsoleClient;
  /** Why the operator is looking at the sign-in form, when it is not their first visit. */
  notice?: string;
  signIn(token: string): void;
  signOut(notice?: string): void;
}

/** Message shown when the server rejects the token the console was using. */
export const rejectedTokenNotice = 'The server did not accept your access token (it may have changed). Paste the current one to continue.';

/**
 * Owns the token: taken from `#token=` or storage on load, replaced on sign-in, dropped on
 * sign-out or when any request answers 401.
 */
export function useSession(): Session {
  const [token, setToken] = useState(() => takeInitialToken());
  const [notice, setNotice] = useState<string>();

  const signOut = useCallback((why?: string) => {
    clearToken();
    setToken(undefined);
    setNotice(why);
  }, []);

  const signIn = useCallback((next: string) => {
    saveToken(next);
    setToken(next);
    setNotice(undefined);
  }, []);

  // A token link opened in a tab already showing the console only changes the hash.
  useEffect(() => {
    const onHashChange = () => {
      const fromHash = takeInitialToken();
      if (fromHash) signIn(fromHash);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [signIn]);

  const client = useMemo(
    () => (token ? createConsoleClient({ token, onUnauthorized: () => signOut(rejectedTokenNotice) }) : undefined),
    [token, signOut],
  );

  return { client, notice, signIn, signOut };
}
