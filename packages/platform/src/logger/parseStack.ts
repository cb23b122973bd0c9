import { cleanString } from './scrub.js';
import type { ClientLogMessage, StackFrame } from './types.js';

// One stack line, in the shapes engines print (fixtures: ./testing/stacks/):
// - V8 and Hermes: "at [async ]name (location)", also without the space ("at Foo.eval(webpack:…)"),
//   or "at [async ]location"; inside the parentheses an old "async " marker, Hermes' "address at",
//   or V8's eval site "eval at fn (location), <anonymous>:3:4", whose last (innermost) location is used.
// - Firefox and Safari: "[async*]name@location", where old Firefox added the arguments ("bar(1)@").
// - Safari's anonymous frames: the bare location (no spaces, unlike a message line).
// The location ends before any ")", so V8's closing parenthesis stays out of it.
const FRAME = /^\s*(?:at (?:async )?(?:(.+?) ?\((?:async |address at |eval at .*\()?)?|(?:async\*)?([^@(]*)[^@]*@|(?=\S+$))([^)]+)/;
// A location: "file:line[:col]", or Firefox's "file line 88 > eval:1:7" (the eval site's line).
// Lazy on the file, so ports and "@scope/pkg@1.2.3" paths stay part of it.
const PLACE = /^(.+?)(?: line (\d+) > .*|:(\d+)(?::(\d+))?)$/;

/**
 * One stack line as a frame, or undefined for lines that name no place (the message line,
 * native code, Safari's "eval code"). Engines disagree on the format, and the console needs
 * file, line and column from all of them to group and show errors.
 */
export function parseStackLine(line: string): StackFrame | undefined {
  const [, v8Name, atName, location = ''] = FRAME.exec(line) ?? [];
  const [, fileName, evalLine, lineNo, colNo] = PLACE.exec(location) ?? [];
  // A matched place has one of the two lines; a missing column is 0 (+undefined is NaN).
  if (fileName) return { functionName: v8Name || atName || undefined, fileName, lineNo: +(evalLine ?? lineNo)!, colNo: +(colNo as string) || 0 };
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
