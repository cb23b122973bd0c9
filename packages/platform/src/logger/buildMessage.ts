import { newId } from '../transport/newId.js';
import { describeValue } from './describeValue.js';
import { makeGroupId } from './groupId.js';
import type { Place } from './groupId.js';
import type { MessageLevel } from './levels.js';
import { parseStack } from './parseStack.js';
import { cleanString } from './scrub.js';
import type { ClientLogMessage } from './types.js';

/** One log call before it is made safe to send. */
export interface LogEntry extends Place {
  level: MessageLevel;
  /** 'log' for the level methods, 'uncaught', 'unhandledrejection', … for captured errors. */
  type: string;
  message: unknown;
  extraArgs?: unknown[];
  /** A stack to use when `message` is not an Error carrying one (error events). */
  stack?: string;
  context?: Record<string, unknown>;
}


// A number the wire accepts (JSON would turn NaN or Infinity into null), else nothing.
const finite = (n: number | undefined): number | undefined => (Number.isFinite(n) ? n : undefined);

/**
 * Turns a log call into the wire shape: texts scrubbed of e-mail addresses and cut to the
 * limits, stack parsed, place and group id derived. Everything the page could leak or the
 * server could reject is decided here, in one place.
 */
export function buildMessage({ level, type, message, extraArgs = [], stack, context = {}, ...place }: LogEntry): ClientLogMessage {
  const error = message instanceof Error ? message : undefined;
  const text = cleanString(error ? error.message || String(error) : describeValue(message));
  const trace = parseStack(stack ?? error?.stack);
  // The top frame is where the error was made, which is where Chromium and Firefox place its
  // error event too; WebKit's event names the throw instead (another column), which would give
  // the same problem a group per engine. An event's place serves when there is no stack.
  const { fileName, lineNo, colNo } = trace.parsedStackTrace[0] ?? place;
  const where: Place = { fileName: fileName && cleanString(fileName), lineNo: finite(lineNo), colNo: finite(colNo) };
  // Up to 20 keys with strings, finite numbers and booleans only (wire contract).
  const clean: ClientLogMessage['context'] = {};
  let keys = 0;
  for (const key in context) {
    let value = context[key];
    if (typeof value === 'string') value = cleanString(value);
    else if (typeof value !== 'boolean' && !Number.isFinite(value)) continue;
    if (keys++ < 20) clean[cleanString(key, 64)] = value as string | number | boolean;
  }
  return {
    id: newId(),
    groupId: makeGroupId(level, text, where),
    message: text,
    contentId: text.length,
    extraArgs: extraArgs.slice(0, 20).map((arg) => cleanString(describeValue(arg))),
    level,
    type: cleanString(type, 32) || 'log',
    context: clean,
    occurrences: 1,
    timestamp: Date.now(),
    ...trace,
    ...where,
  };
}
