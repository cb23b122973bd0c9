/**
 * Severity of a client log message as the wire contract numbers it. `NOTHING` is only a
 * threshold: a logger set to it sends nothing, and no message ever carries it.
 */
export const LogLevel = { NOTHING: 5, ERROR: 4, WARN: 3, INFO: 2, DEBUG: 1 } as const;

/** One of the `LogLevel` numbers. */
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/** The levels a message can have on the wire (never `NOTHING`). */
export type MessageLevel = Exclude<LogLevel, 5>;
