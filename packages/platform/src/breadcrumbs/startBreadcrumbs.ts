import type { Logger } from '../logger/createLogger.js';
import { recordNetwork } from './recordNetwork.js';
import { recordPage } from './recordPage.js';
import { createTrail } from './trail.js';

/** Settings of {@link startBreadcrumbs}. */
export interface BreadcrumbOptions {
  /**
   * Requests whose URL contains one of these are not recorded; defaults to the logger's
   * endpoint, `['/log/client/messages']`.
   */
  ignoreUrls?: string[];
}

/** What {@link startBreadcrumbs} returns: `stop()` removes every hook and gives the logger back its methods. */
export interface Breadcrumbs {
  stop(): void;
}

/**
 * Keeps the page's last 30 navigations, clicks, console calls and fetch/XHR requests and
 * attaches them to every error the logger sends, as `crumbs.<n>` keys of the message's context
 * (docs/client-logs.md). The logger itself is not changed: its `log` and `error` methods are
 * wrapped in place, so everything holding this logger object (captureGlobalErrors, the React
 * provider) sends the trail too. Never throws into the page: a failing hook records nothing.
 */
export function startBreadcrumbs(logger: Pick<Logger, 'log' | 'error'>, options: BreadcrumbOptions = {}): Breadcrumbs {
  const trail = createTrail();
  const { log, error } = logger;
  const undo: Array<() => void> = [];
  try {
    logger.log = (entry) => log(entry.level > 3 ? { ...entry, context: { ...entry.context, ...trail.context() } } : entry);
    // The logger's own error method would bypass the wrapped log; this is what it does, wrapped.
    logger.error = (message, ...extraArgs) => logger.log({ level: 4, type: 'log', message, extraArgs });
    if (globalThis.window) {
      recordPage(trail, undo);
      recordNetwork(trail, options.ignoreUrls ?? ['/log/client/messages'], undo);
    }
  } catch {
    // a page that forbids one of the hooks still gets the others it allowed before
  }
  return {
    stop() {
      logger.log = log;
      logger.error = error;
      // Newest hook first, so a method wrapped twice ends up as it was before.
      while (undo.length) undo.pop()!();
    },
  };
}
