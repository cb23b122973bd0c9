import { useContext } from 'react';
import { PlatformContext } from './platformContext.js';
import type { PlatformInstances } from './platformContext.js';

/**
 * The provider's instances, or a clear error naming the hook that needed them. Every
 * hook goes through here so a missing provider fails the same way everywhere.
 */
export function usePlatform(hookName: string): PlatformInstances {
  const platform = useContext(PlatformContext);
  if (!platform) {
    throw new Error(`${hookName}() must be used inside <PlatformProvider>; wrap your app in it.`);
  }
  return platform;
}
