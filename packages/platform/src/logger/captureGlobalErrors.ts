import type { Logger } from './createLogger.js';
import { LogLevel } from './levels.js';

/**
 * Reports what the page did not catch: window `error` events (type 'uncaught', with the
 * event's file, line and column) and unhandled promise rejections (type
 * 'unhandledrejection'). Returns the function that stops listening; outside a browser it
 * listens to nothing.
 */
export function captureGlobalErrors(logger: Pick<Logger, 'log'>): () => void {
  const onEvent = (event: Event): void => {
    try {
      const { error, message, filename, lineno, colno, reason } = event as ErrorEvent & PromiseRejectionEvent;
      logger.log(
        event.type === 'error'
          ? {
              level: LogLevel.ERROR,
              type: 'uncaught',
              // Cross-origin scripts give only "Script error." and no error object.
              message: error instanceof Error ? error : message || 'Script error.',
              fileName: filename,
              lineNo: lineno,
              colNo: colno,
            }
          : { level: LogLevel.ERROR, type: 'unhandledrejection', message: reason },
      );
    } catch {
      // an error handler that throws would raise another error event: stop here
    }
  };
  const listen = (method: 'addEventListener' | 'removeEventListener') => (): void => {
    if (globalThis.window) {
      window[method]('error', onEvent);
      window[method]('unhandledrejection', onEvent);
    }
  };
  listen('addEventListener')();
  return listen('removeEventListener');
}
