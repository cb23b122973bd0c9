import { createContext } from 'react';
import type { Logger } from '@tarmac/platform/logger';

/** The platform's logger type, named once here so the bindings follow its API. */
export type PlatformLogger = Logger;

/**
 * Everything the provider shares with hooks and components. React only carries these
 * instances around; the platform objects themselves are created (and stopped) by the host.
 */
export interface PlatformInstances {
  logger?: PlatformLogger;
  /** Development mode: failing components show the red error box instead of their fallback. */
  development: boolean;
  /**
   * Returns true the first time a key is seen under this provider, so a failing component
   * is reported once per page session even when it fails on every render.
   */
  firstReport(key: string): boolean;
}

/** `undefined` means "no provider above": hooks use that to fail with a clear message. */
export const PlatformContext = createContext<PlatformInstances | undefined>(undefined);
