import { describe, expect, it } from 'vitest';
import { numberFormat, pluralCategory } from './intlCache.js';

// Whole numbers inside and outside the remembered range, and values that must not be remembered.
const VALUES: unknown[] = [0, 1, 2, 3, 7, 11, 21, 100, 101, 255, 256, 1000, 12345.678, 1.5, -1, -0, '7', 2n, NaN];

describe('intlCache', () => {
  it.each(['en', 'es', 'de', 'ar-EG'])('formats and classifies like fresh Intl objects in %s, first and second time', (locale) => {
    for (const style of [undefined, 'integer', 'percent']) {
      const options = style === 'integer' ? { maximumFractionDigits: 0 } : style === 'percent' ? { style: 'percent' as const } : undefined;
      const fresh = new Intl.NumberFormat(locale, options);
      const format = numberFormat(locale, style);
      for (const value of [...VALUES, ...VALUES]) expect(format(value), `${String(value)} ${style}`).toBe(fresh.format(value as number));
    }
    for (const type of ['cardinal', 'ordinal'] as const) {
      const fresh = new Intl.PluralRules(locale, { type });
      const category = pluralCategory(locale, type);
      for (const value of [...VALUES, ...VALUES].filter((v) => typeof v !== 'bigint')) {
        expect(category(value), `${String(value)} ${type}`).toBe(fresh.select(value as number));
      }
    }
  });

  it('keeps one formatter per locale and style; unknown styles share the plain one', () => {
    expect(numberFormat('es-MX')).toBe(numberFormat('es-MX'));
    expect(numberFormat('es-MX', 'percent')).toBe(numberFormat('es-MX', 'percent'));
    expect(numberFormat('es-MX', 'percent')).not.toBe(numberFormat('es-MX'));
    expect(numberFormat('es-MX', 'fancy')).toBe(numberFormat('es-MX'));
    expect(numberFormat('es-MX', 'constructor')).toBe(numberFormat('es-MX'));
    expect(pluralCategory('es-MX', 'ordinal')).toBe(pluralCategory('es-MX', 'ordinal'));
    expect(pluralCategory('es-MX', 'ordinal')).not.toBe(pluralCategory('es-MX', 'cardinal'));
  });

  it('forgets the oldest entries when callers cycle through many locales', () => {
    const first = numberFormat('en-IE');
    for (let region = 100; region < 200; region++) numberFormat(`en-${region}`);
    const again = numberFormat('en-IE');
    expect(again).not.toBe(first);
    expect(again(1234.5)).toBe(first(1234.5));
    expect(numberFormat(`en-199`)).toBe(numberFormat(`en-199`));
  });
});
