/**
 * Names the function a line of original source is written in. A source map maps positions, not
 * scopes: the name it carries at a frame's position is whatever identifier stands there (`Error`
 * in `throw new Error()`), and the minified stack names the mangled function (`Ae`). So the name
 * is read from the original source instead: walk back from the position to the innermost `{`
 * that opens a function body and read the function's name from the text before it.
 *
 * This is a reading, not a parse: braces inside strings or comments can mislead it, and an
 * expression-bodied arrow (`() => go()`) has no brace, so its outer function is named. An
 * anonymous callback (`setTimeout(() => { … })`) is skipped in favour of the named function it is
 * written in, which is what a reader needs to find the line.
 */

const IDENT = '[A-Za-z_$][\\w$]*';
const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function', 'typeof', 'await', 'new', 'do', 'else', 'try', 'finally', 'void', 'in', 'of']);
/** How far back (characters) a body may open; longer functions go unnamed. */
const MAX_SCAN = 50_000;

type Head = { kind: 'named'; name: string } | { kind: 'anonymous' | 'block' };

const named = (name: string | undefined): Head => (name ? { kind: 'named', name } : { kind: 'anonymous' });

/** Index of the `(` matching the `)` at `close`, or -1. */
function openParen(text: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return i;
  }
  return -1;
}

/** Drops a trailing `<…>` type parameter list. */
function dropTypeParameters(text: string): string {
  if (!text.endsWith('>')) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === '>') depth++;
    else if (text[i] === '<' && --depth === 0) return text.slice(0, i).trimEnd();
  }
  return text;
}

/** The text before a parameter list ending `text` (after an optional return type), or null. */
function beforeParameters(text: string): string | null {
  const typed = new RegExp(`\\)\\s*:[^(){};=]*$`).exec(text);
  const close = typed ? typed.index : text.endsWith(')') ? text.length - 1 : -1;
  if (close < 0) return null;
  const open = openParen(text, close);
  return open < 0 ? null : dropTypeParameters(text.slice(0, open).trimEnd());
}

/** The name an arrow function gets from where it stands, given the text before its parameters. */
function arrowName(before: string): Head {
  const text = before.replace(/\basync$/, '').trimEnd();
  const patterns = [
    new RegExp(`(?:const|let|var)\\s+(${IDENT})\\s*(?::[^=]+)?=$`), // const f = () => {
    new RegExp(`(?:const|let|var)\\s+(${IDENT})\\s*=\\s*[\\w$.]+\\($`), // const f = useCallback(() => {
    new RegExp(`(${IDENT})=\\{$`), // JSX: onClick={() => {
    new RegExp(`(${IDENT})\\s*:$`), // { onClick: () => {
    new RegExp(`(${IDENT})\\s*(?<![=!<>])=$`), // this.handler = () => {
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return named(match[1]);
  }
  return { kind: 'anonymous' };
}

/** Classifies the text in front of a `{`: a named function's body, an anonymous one's, or a plain block. */
export function functionHead(rawHead: string): Head {
  const head = rawHead.trimEnd();
  if (head.endsWith('=>')) {
    const arrow = head.slice(0, -2).trimEnd();
    const single = new RegExp(`(${IDENT})$`).exec(arrow);
    const before = single && !arrow.endsWith(')') ? arrow.slice(0, single.index).trimEnd() : beforeParameters(arrow);
    return before === null ? { kind: 'anonymous' } : arrowName(before);
  }
  const before = beforeParameters(head);
  if (before === null) return { kind: 'block' };
  const declared = new RegExp(`function\\s*\\*?\\s*(${IDENT})$`).exec(before);
  if (declared) return named(declared[1]);
  if (/function\s*\*?$/.test(before)) return arrowName(before.replace(/function\s*\*?$/, '').trimEnd());
  const method = new RegExp(`(${IDENT})$`).exec(before);
  if (method?.[1] && !CONTROL.has(method[1])) return named(method[1]);
  return { kind: 'block' };
}

/**
 * The named function enclosing (1-based) `lineNo`, 0-based `column` of `lines`, or undefined
 * when none is found within reach.
 */
export function enclosingFunctionName(lines: readonly string[], lineNo: number, column: number): string | undefined {
  const parts: string[] = [(lines[lineNo - 1] ?? '').slice(0, column)];
  let length = parts[0]!.length;
  for (let i = lineNo - 2; i >= 0 && length < MAX_SCAN; i--) {
    parts.push(lines[i] ?? '');
    length += (lines[i]?.length ?? 0) + 1;
  }
  const text = parts.reverse().join('\n');
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const char = text[i];
    if (char === '}') depth++;
    else if (char === '{') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const head = functionHead(text.slice(Math.max(0, i - 400), i));
      if (head.kind === 'named') return head.name;
    }
  }
  return undefined;
}
