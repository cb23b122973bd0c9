import type { DropReport } from '../transport/dropReport.js';
import type { MessageLevel } from './levels.js';

/** One parsed stack frame; frames without a location (native code) are left out. */
export interface StackFrame {
  functionName?: string;
  fileName: string;
  lineNo: number;
  colNo: number;
}

/** One message as `POST /log/client/messages` carries it (docs/client-logs.md). */
export interface ClientLogMessage {
  id: string;
  groupId: string;
  message: string;
  contentId: number;
  extraArgs: string[];
  level: MessageLevel;
  type: string;
  context: Record<string, string | number | boolean>;
  occurrences: number;
  timestamp: number;
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
  fileName?: string;
  lineNo?: number;
  colNo?: number;
}

/**
 * The request body; `reqNo` counts this logger's requests in the page, from 1. `messages` is
 * empty only in a body that carries nothing but `dropped` (the exit beacon of a page whose
 * messages were all given up).
 */
export interface ClientLogBatch {
  product: string;
  reqNo: number;
  messages: ClientLogMessage[];
  dropped?: DropReport;
}

/** An operator's rule: every field present must match, and a rule with no field matches nothing. */
export interface IgnoreRule {
  message?: string;
  fileName?: string;
  level?: number;
}

/** A rule for one kind of browser: applies when `navigator.userAgent` contains `userAgent`. */
export interface PlatformIgnoreRule {
  userAgent: string;
  message?: string;
}

/**
 * The operator's log rules: a message for the console, ignore rules, per-browser ignore rules
 * and the order to stop logging. One name, "log rules", wherever they appear: the server answers
 * every ingest request with them (status 200), the console edits them, the config file seeds
 * them. Only stored data and contracts keep older names: the store key and config-file key
 * `logs` and the route `/console/api/logs/settings`.
 */
export interface LogRules {
  message?: string;
  ignore?: IgnoreRule[];
  platformIgnores?: PlatformIgnoreRule[];
  stopLogging?: boolean;
}

/** @deprecated The former name of `LogRules`, kept so code importing it still compiles. */
export type ClientLogReply = LogRules;
