import { describeValue } from './describeValue.js';
import { makeGroupId } from './groupId.js';
import type { Place } from './groupId.js';
import type { MessageLevel } from './levels.js';
import { MAX_FRAMES, parseStack, stackLines } from './parseStack.js';
import { cleanString } from './scrub.js';
import type { ClientLogMessage, StackFrame } from './types.js';

const MAX_EXTRA_ARGS = 20;
const MAX_CONTEXT_KEYS = 20;
const MAX_TYPE_LENGTH = 32;

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

function newId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // insecure contexts may refuse; fall through to the weaker id
  }
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
}

function cleanContext(context: Record<string, unknown> = {}): ClientLogMessage['context'] {
  const clean: ClientLogMessage['context'] = {};
  let keys = 0;
  for (const [key, value] of Object.entries(context)) {
    if (keys >= MAX_CONTEXT_KEYS) break;
    if (typeof value === 'string') clean[cleanString(key, 64)] = cleanString(value);
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) clean[cleanString(key, 64)] = value;
    else continue;
    keys++;
  }
  return clean;
}

function cleanFrame(frame: StackFrame): StackFrame {
  const clean: StackFrame = { fileName: cleanString(frame.fileName), lineNo: frame.lineNo, colNo: frame.colNo };
  if (frame.functionName !== undefined) clean.functionName = cleanString(frame.functionName);
  return clean;
}

/**
 * Turns a log call into the wire shape: texts scrubbed of e-mail addresses and cut to the
 * limits, stack parsed, place and group id derived. Everything the page could leak or the
 * server could reject is decided here, in one place.
 */
export function buildMessage(entry: LogEntry): ClientLogMessage {
  const error = entry.message instanceof Error ? entry.message : undefined;
  const text = error ? error.message || String(error) : describeValue(entry.message);
  const message = cleanString(text);
  // Scrubbing before parsing means frame names and file names are clean too.
  const lines = stackLines(entry.stack ?? error?.stack).slice(0, MAX_FRAMES).map((line) => cleanString(line));
  const frames = parseStack(lines).map(cleanFrame);
  const top = frames[0];
  const place: Place = entry.fileName
    ? { fileName: cleanString(entry.fileName), lineNo: entry.lineNo, colNo: entry.colNo }
    : { fileName: top?.fileName, lineNo: top?.lineNo, colNo: top?.colNo };
  const built: ClientLogMessage = {
    id: newId(),
    groupId: makeGroupId(entry.level, message, place),
    message,
    contentId: message.length,
    extraArgs: (entry.extraArgs ?? []).slice(0, MAX_EXTRA_ARGS).map((arg) => cleanString(describeValue(arg))),
    level: entry.level,
    type: cleanString(entry.type, MAX_TYPE_LENGTH) || 'log',
    context: cleanContext(entry.context),
    occurrences: 1,
    timestamp: Date.now(),
    stackTrace: lines,
    parsedStackTrace: frames,
  };
  if (place.fileName !== undefined) built.fileName = place.fileName;
  if (typeof place.lineNo === 'number' && Number.isFinite(place.lineNo)) built.lineNo = place.lineNo;
  if (typeof place.colNo === 'number' && Number.isFinite(place.colNo)) built.colNo = place.colNo;
  return built;
}
