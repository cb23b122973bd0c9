import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { PlatformContext } from './platformContext.js';
import type { PlatformInstances, PlatformLogger } from './platformContext.js';

/** Props of {@link PlatformProvider}: the instances the host created, plus the mode. */
export interface PlatformProviderProps {
  logger?: PlatformLogger;
  /**
   * Development mode (for a Vite app pass `import.meta.env.DEV`). Off by default so a
   * production page never shows a stack trace because someone forgot the prop.
   */
  development?: boolean;
  children?: ReactNode;
}

/**
 * Makes the host's platform instances available to hooks and components below it.
 * It deliberately creates nothing: the host owns the logger's lifecycle (and starts
 * `captureGlobalErrors` before React mounts, so render-time crashes are caught too).
 */
export function PlatformProvider({ logger, development = false, children }: PlatformProviderProps) {
  // One set per provider, i.e. per page session: survives re-renders, not reloads.
  const [reported] = useState(() => new Set<string>());
  const value = useMemo<PlatformInstances>(
    () => ({
      logger,
      development,
      firstReport(key) {
        if (reported.has(key)) return false;
        reported.add(key);
        return true;
      },
    }),
    [logger, development, reported],
  );
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}
