import type { ContextValue } from '../logs/contract.js';
import type { Breadcrumb, BreadcrumbCategory } from './contract.js';

/** Context keys that carry the trail: `crumbs.0` (newest lines) … `crumbs.19`. */
const CRUMB_KEY = /^crumbs\.\d{1,2}$/;
const LINE = /^(\d{1,15}) (nav|click|console|fetch|xhr) ?(.*)$/;
const CONSOLE = /^(debug|info|log|warn|error) ?(.*)$/;
// The URL may hold spaces when a page requested an unencoded one; status and duration end the line.
const REQUEST = /^(\S+) (.+) (\d{1,3}) (\d{1,9})$/;
const CATEGORY: Record<string, BreadcrumbCategory> = { nav: 'navigation', click: 'click', console: 'console', fetch: 'fetch', xhr: 'xhr' };

function parseLine(line: string): Breadcrumb | null {
  const match = LINE.exec(line);
  if (!match) return null;
  const [, time, kind, rest = ''] = match;
  const crumb: Breadcrumb = { at: Number(time), category: CATEGORY[kind!]!, message: rest };
  if (kind === 'console') {
    const parts = CONSOLE.exec(rest);
    if (parts) Object.assign(crumb, { level: parts[1], message: parts[2] });
  } else if (kind === 'fetch' || kind === 'xhr') {
    // A line cut at its 120 characters lost its status and duration: the text is kept as it is.
    const parts = REQUEST.exec(rest);
    if (parts) {
      const [, method, url, status, duration] = parts;
      Object.assign(crumb, { message: `${method} ${url}`, method, url, status: Number(status), durationMs: Number(duration) });
    }
  }
  return crumb;
}

/**
 * The breadcrumbs a message's context carries, oldest first. Lines that do not follow the
 * format (an older or foreign client, a hand-made context key) are skipped, never guessed at.
 * The order is the page's own (newest line first on the wire, across `crumbs.0`, `crumbs.1`…),
 * not its clock's: a click and the request it started share a millisecond, and a clock may jump.
 */
export function parseBreadcrumbs(context: Record<string, ContextValue>): Breadcrumb[] {
  const lines: string[] = [];
  const keys = Object.keys(context)
    .filter((key) => CRUMB_KEY.test(key))
    .sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)));
  for (const key of keys) {
    const value = context[key];
    if (typeof value === 'string') lines.push(...value.split('\n'));
  }
  return lines
    .map(parseLine)
    .filter((crumb): crumb is Breadcrumb => crumb !== null)
    .reverse();
}
