import brokenEn from './broken/strings.en.json' with { type: 'json' };
import brokenEs from './broken/strings.es.json' with { type: 'json' };
import dealsEn from './deals/strings.en.json' with { type: 'json' };
import dealsEs from './deals/strings.es.json' with { type: 'json' };
import filtersEn from './filters/strings.en.json' with { type: 'json' };
import filtersEs from './filters/strings.es.json' with { type: 'json' };
import resultsEn from './searchResults/strings.en.json' with { type: 'json' };
import resultsEs from './searchResults/strings.es.json' with { type: 'json' };

/** A dynamic component of the demo as the build declares it to the server (docs/loader.md). */
export interface DemoComponent {
  entry: string;
  strings: Record<'en' | 'es', Record<string, string>>;
  images?: Record<string, string>;
  properties?: Record<string, unknown>;
  resources?: Record<string, unknown>;
}

const badge =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23ff7a1a' d='M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z'/%3E%3C/svg%3E";

/**
 * The demo's dynamic components. Only the build reads this (vite.config.ts): it makes each entry
 * a chunk of its own and writes this catalogue, strings included, to dist/dynamic-components.json
 * for the server; the page itself never bundles these strings.
 */
export const dynamicComponents: Record<string, DemoComponent> = {
  'search/results': { entry: 'src/dynamic/searchResults/index.tsx', strings: { en: resultsEn, es: resultsEs } },
  'search/filters': {
    entry: 'src/dynamic/filters/index.tsx',
    strings: { en: filtersEn, es: filtersEs },
    properties: { 'filters.maxPrice': 400 },
  },
  'widgets/deals': {
    entry: 'src/dynamic/deals/index.tsx',
    strings: { en: dealsEn, es: dealsEs },
    images: { 'deals.badge': badge },
    properties: { 'deals.count': 3 },
    resources: {
      'deals.list': [
        { city: 'Lisboa', price: 89, nights: 2, endsInDays: 0 },
        { city: 'Roma', price: 129, nights: 3, endsInDays: 1 },
        { city: 'Tenerife', price: 1249.5, nights: 7, endsInDays: 4 },
        { city: 'Berlin', price: 99, nights: 1, endsInDays: 9 },
      ],
    },
  },
  'demo/broken': { entry: 'src/dynamic/broken/index.tsx', strings: { en: brokenEn, es: brokenEs } },
};
