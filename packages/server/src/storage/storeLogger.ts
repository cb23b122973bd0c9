/**
 * Where a store reports trouble it handles itself, such as a retention pass that failed and will
 * be retried: the server's logger (pino's `warn(details, message)` fits), else the console.
 */
export interface StoreLogger {
  warn(details: object, message: string): void;
}

export const consoleStoreLogger: StoreLogger = {
  warn: (details, message) => console.warn(message, details),
};
