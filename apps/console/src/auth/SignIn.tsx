import { useState } from 'react';
import type { FormEvent } from 'react';
import { createConsoleClient, isUnauthorized } from '../api/client';

interface SignInProps {
  notice?: string;
  onSignedIn(token: string): void;
}

/** Asks for the console access token and checks it with the server before accepting it. */
export function SignIn({ notice, onSignedIn }: SignInProps) {
  const [token, setToken] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = token.trim();
    if (!candidate) {
      setError('Paste the access token first.');
      return;
    }
    setChecking(true);
    setError(undefined);
    try {
      await createConsoleClient({ token: candidate }).checkSession();
      onSignedIn(candidate);
    } catch (failure) {
      setError(
        isUnauthorized(failure)
          ? 'That token was not accepted. Check that you copied all of it.'
          : `Could not reach the server: ${(failure as Error).message}`,
      );
      setChecking(false);
    }
  }

  return (
    <main className="signin">
      <form className="signin__card" onSubmit={submit}>
        <div className="signin__brand">
          <span className="logo" aria-hidden="true">T</span> Tarmac console
        </div>
        <h1>Sign in</h1>
        {notice ? <p className="notice notice--warn" role="status">{notice}</p> : null}
        <label htmlFor="signin-token">Access token</label>
        <input
          id="signin-token"
          data-testid="signin-token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          aria-invalid={error ? true : undefined}
          aria-describedby="signin-help"
          onChange={(e) => setToken(e.target.value)}
        />
        <p id="signin-help" className="muted small">
          The server prints it, and a console link that signs you in directly, when it starts.
        </p>
        {error ? <p className="notice notice--error" role="alert">{error}</p> : null}
        <button type="submit" className="btn btn--primary" disabled={checking}>
          {checking ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
