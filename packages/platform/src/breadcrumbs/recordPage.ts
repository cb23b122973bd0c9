import { describeElement } from './describeElement.js';
import { listen, replace } from './restorable.js';
import type { Trail } from './trail.js';

const CONSOLE_LEVELS = ['debug', 'info', 'log', 'warn', 'error'] as const;

/**
 * Records navigations (`nav /path`, plus a `#/route` fragment; the query and any other fragment
 * are left out), clicks (`click button#id "text"`, seen in the capture phase so a handler that
 * throws cannot hide its own click) and console calls (`console warn first argument`).
 */
export function recordPage(trail: Trail, undo: Array<() => void>): void {
  let last = '';
  const navigated = (): void => {
    const { pathname, hash } = location;
    const place = pathname + (hash[1] === '/' ? hash.split('?')[0] : '');
    if (place !== last) trail.add('nav', (last = place));
  };
  navigated();
  undo.push(
    listen(window, 'popstate', navigated),
    listen(window, 'hashchange', navigated),
    listen(document, 'click', (event) => trail.add('click', describeElement(event.target)), true),
  );
  for (const name of ['pushState', 'replaceState'] as const)
    undo.push(
      replace(history, name, (original) =>
        function (this: History) {
          // eslint-disable-next-line prefer-rest-params
          const result = original.apply(this, arguments as unknown as Parameters<History['pushState']>);
          navigated();
          return result;
        },
      ),
    );
  for (const level of CONSOLE_LEVELS)
    undo.push(
      replace(console, level, (original) =>
        function (this: Console, ...args: unknown[]) {
          trail.add('console ' + level, args[0]);
          return original.apply(this, args);
        },
      ),
    );
}
