import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Inlines the platform's built CMP stub (`@tarmac/platform/tcf-stub.js`, or the consent head
 * script `consent-head.js` that contains it) as the first script of <head>, as the TCF asks:
 * vendor scripts that run before the app bundle find `__tcfapi` and the `__tcfapiLocator` frame at
 * once, and their calls wait in the stub's queue for the handler (or are answered at once by the
 * head script from the consent data the server put in the page).
 * The stub is built before the apps (scripts/lib/build.mjs); under `vite dev` without a build the
 * handler installs it from the bundle instead, so a missing file is a warning, not an error.
 */
export function inlineTcfStub(stubFile: string): Plugin {
  return {
    name: 'tarmac-inline-tcf-stub',
    transformIndexHtml: {
      order: 'pre',
      handler(_html, context) {
        if (!existsSync(stubFile)) {
          context.server?.config.logger.warn(`tcf stub not built (${stubFile}); the bundle installs it instead`);
          return [];
        }
        return [{ tag: 'script', children: readFileSync(stubFile, 'utf8'), injectTo: 'head-prepend' }];
      },
    },
  };
}
