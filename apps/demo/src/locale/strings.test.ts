import { describe, expect, it, vi } from 'vitest';
import { createMessages } from '@tarmac/platform/i18n';
import { dynamicComponents } from '../dynamic/catalog';
import { searchErrorId, validateSearch } from '../search/validateSearch';
import type { SearchQuery } from '../search/validateSearch';
import { verticals } from '../search/verticals';
import { shellStrings } from './pageStrings';

const sorted = (strings: Record<string, string>) => Object.keys(strings).sort();

// Every string file of the page, by the name a failure should point at.
const stringFiles: [string, Record<'en' | 'es', Record<string, string>>][] = [
  ['locale (page shell)', shellStrings],
  ...Object.entries(dynamicComponents).map(([path, component]): [string, Record<'en' | 'es', Record<string, string>>] => [path, component.strings]),
];

// A superset of the values the page passes, with each select and plural branch visited.
const valueSets = verticals.flatMap(({ id }) =>
  [0, 1, 2].map((n) => ({
    vertical: id, open: n === 1, count: n, nights: n, travellers: n, max: 9, year: 2026,
    action: 'X', city: 'Roma', price: '89,00 €', when: 'hoy', start: 'a', end: 'b', where: 'A → B',
    format: 'dd/mm/aaaa', field: 'Ida', page: n + 1, pages: 3, place: 'Atlantis', suggestions: 'Madrid, Málaga',
    places: 'FRA', hours: n, minutes: 5, number: 'AZ123', band: ['superb', 'great', 'other'][n], area: ['centre', 'airport', 'other'][n],
    km: '1,5', amenity: ['wifi', 'pool', 'other'][n], carClass: ['mini', 'suv', 'other'][n], model: 'Fiat 500', supplier: 'Drivo',
    rating: '8,5', transmission: ['manual', 'automatic', 'other'][n], label: 'SUV',
  })),
);

describe('string files', () => {
  it.each(stringFiles)('%s: English and Spanish have the same ids', (_name, strings) => {
    expect(sorted(strings.es)).toEqual(sorted(strings.en));
    expect(sorted(strings.en).length).toBeGreaterThan(0);
  });

  it.each(stringFiles)('%s: every message formats in both languages without errors', (_name, strings) => {
    for (const locale of ['en', 'es'] as const) {
      const logger = { error: vi.fn() };
      const messages = createMessages({ locale, strings: strings[locale], logger });
      for (const id of Object.keys(strings[locale])) {
        for (const values of valueSets) expect(messages.format(id, values)).not.toMatch(/MISSING STRING|\{/);
      }
      expect(logger.error).not.toHaveBeenCalled();
    }
  });

  it('the page shell is translated, not copied', () => {
    const copied = Object.keys(shellStrings.en).filter((id) => shellStrings.en[id] === shellStrings.es[id]);
    expect(copied).toEqual([]);
  });

  it('every search error the form can show has a message', () => {
    const bad: SearchQuery[] = [
      { from: '', to: '', start: '', end: '', travellers: 0 },
      { from: 'Roma', to: 'roma', start: '2020-01-02', end: '2020-01-01', travellers: 1 },
      { from: 'Roma', to: 'Oslo', start: '1/2', end: '31/02/2026', travellers: 1 },
    ];
    const ids = new Set(
      verticals.flatMap((vertical) =>
        bad.flatMap((query) => Object.entries(validateSearch(query, vertical, '2026-01-01')).map(([field, code]) => searchErrorId(field as keyof SearchQuery, code))),
      ),
    );
    expect(ids.size).toBe(10);
    for (const id of ids) {
      expect(shellStrings.en[id], id).toBeTypeOf('string');
      expect(shellStrings.es[id], id).toBeTypeOf('string');
    }
  });
});
