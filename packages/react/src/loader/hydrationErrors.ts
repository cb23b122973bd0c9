import type { PlatformLogger } from '../platformContext.js';
import { describeError } from '../describeError.js';

/** What React 19 passes to `onRecoverableError`. */
export interface RecoverableErrorInfo {
  componentStack?: string;
}

const KEY = 'tarmac.hydrationErrors';

// The innermost component of a React component stack. Host elements ("at p") carry no source
// location, so the first frame with one ("at Deals (…)", "Deals@…") names the component.
function componentOf(stack: string | undefined): string {
  const lines = (stack ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  const line = lines.find((l) => /[(@]/.test(l)) ?? lines[0] ?? '';
  return /^(?:at\s+)?([\w$.]+)/.exec(line)?.[1] ?? 'unknown';
}

// Components already reported in this browser session; memory only when storage is blocked.
function sessionSet(): { has(name: string): boolean; add(name: string): void } {
  const memory = new Set<string>();
  const read = (): string[] => {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    } catch {
      return [];
    }
  };
  return {
    has: (name) => memory.has(name) || read().includes(name),
    add(name) {
      memory.add(name);
      try {
        sessionStorage.setItem(KEY, JSON.stringify([...new Set([...read(), name])]));
      } catch {
        // storage full or blocked: once per page instead of per session
      }
    },
  };
}

/**
 * An `onRecoverableError` for `hydrateRoot` that logs hydration mismatches once per component
 * per browser session: a mismatch repeats on every page view, and one report says all there is.
 */
export function createHydrationErrorHandler(logger: PlatformLogger): (error: unknown, info?: RecoverableErrorInfo) => void {
  const reported = sessionSet();
  return (error, info) => {
    try {
      const component = componentOf(info?.componentStack);
      if (reported.has(component)) return;
      reported.add(component);
      const { message } = describeError(error);
      logger.error(`Hydration error in ${component}: ${message}`, { component, componentStack: info?.componentStack?.trim() });
    } catch {
      // never let reporting break hydration
    }
  };
}
