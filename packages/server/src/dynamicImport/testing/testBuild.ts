import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentCatalog, ViteManifest } from '../contract.js';

/** A small build as Vite would write it: the page, two components sharing a chunk. */
export const testManifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_react-1.js'], css: ['assets/cards-1.css'] },
  'src/dynamic/deals/index.tsx': { file: 'assets/deals-1.js', isEntry: true, imports: ['_react-1.js', '_cards-1.js'], css: ['assets/deals-1.css'] },
  'src/dynamic/results/index.tsx': { file: 'assets/results-1.js', isEntry: true, imports: ['_cards-1.js'] },
};

/** The matching catalogue, with strings in two locales. */
export const testCatalog: ComponentCatalog = {
  defaultLocale: 'en',
  components: {
    'widgets/deals': {
      entry: 'src/dynamic/deals/index.tsx',
      strings: { en: { 'deals.title': 'Deals' }, es: { 'deals.title': 'Ofertas' } },
      images: { 'deals.hero': '/img/hero.svg' },
      properties: { 'deals.count': 3 },
    },
    'search/results': { entry: 'src/dynamic/results/index.tsx', strings: { en: { 'results.title': 'Results' } } },
  },
};

/** Writes the manifest and catalogue into a site folder. */
export function writeTestBuild(siteDir: string): void {
  mkdirSync(join(siteDir, '.vite'), { recursive: true });
  writeFileSync(join(siteDir, '.vite', 'manifest.json'), JSON.stringify(testManifest));
  writeFileSync(join(siteDir, 'dynamic-components.json'), JSON.stringify(testCatalog));
}
