import { captureGlobalErrors, createLogger } from '@tarmac/platform/logger';
import type { Logger } from '@tarmac/platform/logger';
import { readMeta } from './readMeta';

/** The platform instances the demo site runs with, created once per page. */
export interface DemoPlatform {
  logger: Logger;
  stop(): void;
}

/**
 * Creates the logger and hooks global errors before React mounts, so even a crash in the
 * first render reaches the server.
 */
export function startPlatform(): DemoPlatform {
  const version = readMeta('r9-version');
  const logger = createLogger({ product: 'demo', ...(version ? { context: { r9Version: version } } : {}) });
  const uncapture = captureGlobalErrors(logger);
  return {
    logger,
    stop() {
      uncapture();
      logger.stop();
    },
  };
}
