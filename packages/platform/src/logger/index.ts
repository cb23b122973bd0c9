/**
 * The client logger: `createLogger` for messages, `captureGlobalErrors` for what the page
 * did not catch. Wire format and reply rules: docs/client-logs.md.
 */
export { createLogger } from './createLogger.js';
export type { Logger, LoggerOptions, LogMethod } from './createLogger.js';
export { captureGlobalErrors } from './captureGlobalErrors.js';
export { LogLevel } from './levels.js';
export type { MessageLevel } from './levels.js';
export type { LogEntry } from './buildMessage.js';
export type {
  ClientLogBatch,
  ClientLogMessage,
  ClientLogReply,
  IgnoreRule,
  LogRules,
  PlatformIgnoreRule,
  StackFrame,
} from './types.js';
export type { DropReason, DropReport } from '../transport/dropReport.js';
