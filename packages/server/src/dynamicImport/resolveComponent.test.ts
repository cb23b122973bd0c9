import { describe, expect, it } from 'vitest';
import { resolveComponent } from './resolveComponent.js';
import { testCatalog, testManifest } from './testing/testBuild.js';

const context = { manifest: testManifest, catalog: testCatalog, version: '2026.1.0' };

describe('resolveComponent', () => {
  it('answers the component and the chunks the page lacks, dependencies first', () => {
    const reply = resolveComponent({ componentPath: 'widgets/deals', locale: 'es', r9version: '2026.1.0' }, context);
    expect(reply).toEqual({
      scripts: ['/assets/cards-1.js', '/assets/deals-1.js'],
      styles: ['/assets/cards-1.css', '/assets/deals-1.css'],
      stringMap: { 'deals.title': 'Ofertas' },
      imageMap: { 'deals.hero': '/img/hero.svg' },
      propertyMap: { 'deals.count': 3 },
      resourceMap: {},
      mappings: { 'widgets/deals': '/assets/deals-1.js' },
      live: true,
    });
  });

  it('leaves out what loaded components and known mappings already brought', () => {
    const afterDeals = resolveComponent({ componentPath: 'search/results', loadedComponents: ['widgets/deals'] }, context);
    expect(afterDeals.scripts).toEqual(['/assets/results-1.js']);
    expect(afterDeals.styles).toEqual([]);
    const known = resolveComponent({ componentPath: 'search/results', mappings: { x: '/assets/cards-1.js' } }, context);
    expect(known.scripts).toEqual(['/assets/results-1.js']);
  });

  it('falls back from the asked locale to the header locale, then the default', () => {
    expect(resolveComponent({ componentPath: 'search/results', locale: 'es' }, context).stringMap).toEqual({ 'results.title': 'Results' });
    expect(resolveComponent({ componentPath: 'widgets/deals' }, { ...context, fallbackLocale: 'es' }).stringMap).toEqual({ 'deals.title': 'Ofertas' });
  });

  it('says the page is not live when its version differs', () => {
    expect(resolveComponent({ componentPath: 'widgets/deals', r9version: 'old' }, context).live).toBe(false);
  });

  it('refuses an unknown component with a 404 and a reason', () => {
    expect(() => resolveComponent({ componentPath: 'nope' }, context)).toThrow(expect.objectContaining({ statusCode: 404, code: 'TARMAC_UNKNOWN_COMPONENT' }));
  });
});
