import { originalPositionFor } from '@jridgewell/trace-mapping';
import type { StackFrame } from '../logs/contract.js';
import type { ResolvedFrame, ResolvedStack, SourceContext } from '../issues/contract.js';
import { enclosingFunctionName } from './enclosingFunction.js';
import type { LoadedMap } from './mapCache.js';
import type { MapSource } from './mapSource.js';

/** Lines shown either side of a frame's line. */
export const CONTEXT_LINES = 5;
/** Longer lines are cut: a minified dependency inside a map would otherwise fill the reply. */
const MAX_LINE = 300;

const cut = (line: string) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line);

/** `../../src/App.tsx` → `src/App.tsx`: sources as a reader finds them in the repository. */
export function displaySource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(?:\.\.?\/)+/, '');
}

function contextAround(lines: string[], lineNo: number): SourceContext | null {
  const index = lineNo - 1;
  if (index < 0 || index >= lines.length) return null;
  return {
    pre: lines.slice(Math.max(0, index - CONTEXT_LINES), index).map(cut),
    line: cut(lines[index] ?? ''),
    post: lines.slice(index + 1, index + 1 + CONTEXT_LINES).map(cut),
  };
}

/**
 * One frame through one map. Stack columns are 1-based and trace-mapping's 0-based, hence the
 * shifts; the function is named from the original source (enclosingFunction.ts), else, when the
 * map carries no source, the name the browser gave. Code the source shows in no named function
 * has no name: the browser's would be a minified one that each engine spells its own way
 * ("Array.e", "e<", none), and the name is part of the group (releaseService.ts).
 */
export function resolveFrame(loaded: LoadedMap, frame: StackFrame, withContext: boolean): ResolvedFrame {
  if (frame.lineNo < 1) return { minified: frame, original: null, context: null };
  const position = originalPositionFor(loaded.map, { line: frame.lineNo, column: Math.max(0, frame.colNo - 1) });
  if (position.source === null) return { minified: frame, original: null, context: null };
  const lines = loaded.linesOf(position.source);
  const functionName = lines ? enclosingFunctionName(lines, position.line, position.column) : frame.functionName;
  return {
    minified: frame,
    original: {
      fileName: displaySource(position.source),
      lineNo: position.line,
      colNo: position.column + 1,
      ...(functionName ? { functionName } : {}),
      inApp: !position.source.includes('node_modules/'),
    },
    context: withContext && lines ? contextAround(lines, position.line) : null,
  };
}

/** Every frame of a stack through the maps of `release` (and of the builds this server hosts). */
export async function resolveStack(source: MapSource, release: string | null, frames: StackFrame[]): Promise<ResolvedStack> {
  const resolved: ResolvedFrame[] = [];
  for (const frame of frames) {
    const loaded = await source.find(release, frame.fileName);
    resolved.push(loaded ? resolveFrame(loaded, frame, true) : { minified: frame, original: null, context: null });
  }
  return { release, frames: resolved, resolvedCount: resolved.filter((f) => f.original !== null).length };
}

/**
 * The frame a group is known by: the first that resolves into the application's own code (the
 * first that resolves at all when none does). Frames are resolved top down only until it is
 * found, so ingest pays for one frame in the usual case.
 */
export async function culpritFrame(source: MapSource, release: string | null, frames: StackFrame[]): Promise<ResolvedFrame | null> {
  let fallback: ResolvedFrame | null = null;
  for (const frame of frames) {
    const loaded = await source.find(release, frame.fileName);
    if (!loaded) continue;
    const resolved = resolveFrame(loaded, frame, false);
    if (resolved.original?.inApp) return resolved;
    fallback ??= resolved.original ? resolved : null;
  }
  return fallback;
}
