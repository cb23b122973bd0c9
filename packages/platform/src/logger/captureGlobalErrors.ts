import type { Logger } from './createLogger.js';
import { LogLevel } from './levels.js';

/**
 * Reports what the page did not catch: window `error` events (type 'uncaught', with the
 * event's file, line and column) and unhandled promise rejections (type
 * 'unhandledrejection'). Returns the function that stops listening; outside a browser it
 * listens to nothing.
 */
export function captureGlobalErrors(logger: Pick<Logger, 'log'>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onError = (event: ErrorEvent): void => {
    try {
      const error: unknown = event.error;
      logger.log({
        level: LogLevel.ERROR,
        type: 'uncaught',
        message: error instanceof Error ? error : event.message || 'Script error.',
        stack: error instanceof Error ? error.stack : undefined,
        fileName: event.filename || undefined,
        lineNo: event.lineno,
        colNo: event.colno,
      });
    } catch {
      // an error handler that throws would raise another error event: stop here
    }
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    try {
      logger.log({ level: LogLevel.ERROR, type: 'unhandledrejection', message: event.reason });
    } catch {
      // same as above
    }
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
