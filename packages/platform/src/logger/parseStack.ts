import { cleanString } from './scrub.js';
import type { ClientLogMessage, StackFrame } from './types.js';

// One stack line: V8 "at [async ]name (location)" or "at location", or Firefox/Safari
// "[async*]name@location". A V8 location keeps its closing parenthesis out of the match.
const FRAME = /^\s*(?:at (?:(?:async )?(.+?) \()?|(?:async\*)?([^@]*)@)(.+?)\)?$/;
// A location: "file:line[:col]", or Firefox's "file line 88 > eval:1:7" (the eval site's line).
// Lazy on the file, so ports and "@scope/pkg@1.2.3" paths stay part of it.
const PLACE = /^(.+?)(?: line (\d+) > .*|:(\d+)(?::(\d+))?)$/;
// V8 names the eval site in parentheses: "eval at fn (file:1:2), <anonymous>:3:4".
const V8_EVAL_SITE = /^eval at .*?\(([^()]+)\)/;

/**
 * One stack line as a frame, or undefined for lines that name no place (the message line,
 * native code, Safari's "eval code"). Engines disagree on the format, and the console needs
 * file, line and column from all of them to group and show errors.
 */
export function parseStackLine(line: string): StackFrame | undefined {
  const [, v8Name, atName, location = ''] = FRAME.exec(line) ?? [];
  const [, fileName, evalLine, lineNo, colNo] = PLACE.exec(V8_EVAL_SITE.exec(location)?.[1] ?? location) ?? [];
  if (fileName) return { functionName: v8Name ?? (atName || undefined), fileName, lineNo: Number(evalLine ?? lineNo), colNo: Number(colNo ?? 0) };
}

/**
 * A stack as the wire carries it: at most 50 non-empty lines, each scrubbed and cut, and the
 * frames parsed from them (scrubbing first means frame names and files are clean too).
 */
export function parseStack(stack: unknown): Pick<ClientLogMessage, 'stackTrace' | 'parsedStackTrace'> {
  const stackTrace = String(stack ?? '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 50)
    .map((line) => cleanString(line.trimEnd()));
  return { stackTrace, parsedStackTrace: stackTrace.flatMap((line) => parseStackLine(line) ?? []) };
}
