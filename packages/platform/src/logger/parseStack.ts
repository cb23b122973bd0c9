import type { StackFrame } from './types.js';

/** Frames kept per message (wire contract). */
export const MAX_FRAMES = 50;

const LINE_AND_COLUMN = /^(.+):(\d+):(\d+)$/;
const LINE_ONLY = /^(.+):(\d+)$/;
// Firefox names code run by eval/new Function after the line that created it.
const GECKO_EVAL = /^(.+?) line (\d+) > (?:eval|Function)/;
// V8 puts the eval site in parentheses: "eval at fn (https://x/app.js:88:21), <anonymous>:1:7".
const V8_EVAL_SITE = /\(([^()]+:\d+:\d+)\)/;

function toFrame(location: string, functionName: string | undefined): StackFrame | undefined {
  const name = functionName || undefined;
  const evalSite = GECKO_EVAL.exec(location);
  if (evalSite) return { functionName: name, fileName: evalSite[1] ?? '', lineNo: Number(evalSite[2]), colNo: 0 };
  const full = LINE_AND_COLUMN.exec(location);
  if (full) return { functionName: name, fileName: full[1] ?? '', lineNo: Number(full[2]), colNo: Number(full[3]) };
  const partial = LINE_ONLY.exec(location);
  if (partial) return { functionName: name, fileName: partial[1] ?? '', lineNo: Number(partial[2]), colNo: 0 };
  // "<anonymous>", "native", "[native code]", "index 0": nothing a reader could open.
  return undefined;
}

/** Chrome, Edge, Node: "    at fn (file:1:2)", "    at file:1:2", "    at async fn (…)". */
function parseV8Line(line: string): StackFrame | undefined {
  const rest = line.slice(3);
  let name: string | undefined;
  let location = rest;
  const open = rest.indexOf(' (');
  if (open > 0 && rest.endsWith(')')) {
    name = rest.slice(0, open).replace(/^async /, '');
    location = rest.slice(open + 2, -1);
  }
  if (location.startsWith('eval at ')) location = V8_EVAL_SITE.exec(location)?.[1] ?? '';
  return toFrame(location, name);
}

/** Firefox and Safari: "fn@file:1:2", "@file:1:2", "async*fn@…", "global code@…", "map@[native code]". */
function parseAtSignLine(line: string): StackFrame | undefined {
  const at = line.indexOf('@');
  return toFrame(line.slice(at + 1), line.slice(0, at).replace(/^async\*/, ''));
}

/**
 * One stack line as a frame, or undefined for lines that name no place (the message line,
 * native code, Safari's "eval code"). Engines disagree on the format, and the console needs
 * file, line and column from all of them to group and show errors.
 */
export function parseStackLine(rawLine: string): StackFrame | undefined {
  const line = rawLine.trim();
  if (line.startsWith('at ')) return parseV8Line(line);
  if (line.includes('@')) return parseAtSignLine(line);
  return undefined;
}

/** Raw stack text as non-empty lines, the form `stackTrace` is sent in. */
export function stackLines(stack: string | undefined): string[] {
  if (!stack) return [];
  return stack.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
}

/** The frames of a stack, top first, at most `MAX_FRAMES`. */
export function parseStack(lines: string[]): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of lines) {
    const frame = parseStackLine(line);
    if (frame) frames.push(frame);
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}
