import { usePlatform } from './usePlatform.js';
import type { PlatformLogger } from './platformContext.js';

/**
 * The logger given to the nearest `<PlatformProvider>`. Throws when there is no provider or
 * it has no logger, because silently dropping logs hides exactly the problems logs are for.
 */
export function useLogger(): PlatformLogger {
  const { logger } = usePlatform('useLogger');
  if (!logger) {
    throw new Error('useLogger(): <PlatformProvider> has no logger; pass one as its `logger` prop.');
  }
  return logger;
}
