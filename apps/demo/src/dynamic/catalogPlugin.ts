import type { Plugin } from 'vite';
import type { DemoComponent } from './catalog';

/**
 * Writes `dynamic-components.json` (component path → manifest entry, strings per locale, maps)
 * into the build, where the server's dynamic-import endpoint reads it beside Vite's manifest.
 */
export function dynamicComponentCatalog(components: Record<string, DemoComponent>): Plugin {
  return {
    name: 'tarmac-dynamic-component-catalog',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'dynamic-components.json',
        source: JSON.stringify({ defaultLocale: 'en', components }),
      });
    },
  };
}

/** Rollup inputs for the page and one entry per dynamic component, so each is a chunk of its own. */
export function dynamicEntries(components: Record<string, DemoComponent>): Record<string, string> {
  return Object.fromEntries(Object.entries(components).map(([path, { entry }]) => [path.replace(/\W/g, '-'), entry]));
}
