import type { BoundedCache } from './boundedCache.js';
import { boundedCache } from './boundedCache.js';

// Building an Intl.PluralRules or Intl.NumberFormat costs tens of microseconds (the locale data
// is resolved each time), and even using one costs about half a microsecond. So each is built
// once per locale and options and kept here for the page's lifetime, and the answers for small
// whole numbers (the counts plurals are made of) are remembered as well.
//
// The cache is module-wide rather than per messages instance because instances are cheap to
// remake (a React provider remakes one whenever its strings change) and must not pay for Intl
// objects again. It is bounded because locales come from callers: a page uses a handful of
// locales × a few kinds, so the limit is never reached in practice, and when a caller does cycle
// through many locales the oldest entry goes first. It is filled lazily: importing builds nothing.

/** Formats or classifies one value with an Intl object of a fixed locale and options. */
export type IntlFunction = (value: unknown) => string;

const SMALL = 256;
let cache: BoundedCache<IntlFunction> | undefined;

const cached = (key: string, make: () => IntlFunction): IntlFunction => (cache ??= boundedCache(64))(key, make);

// Intl answers are fixed for a given object and value, so remembering the answers for 0…255
// gives exactly the same text. -0 is left out: it formats as "-0".
function remembered(compute: IntlFunction): IntlFunction {
  const answers = new Array<string | undefined>(SMALL);
  return (value) =>
    typeof value === 'number' && (value & (SMALL - 1)) === value && (value !== 0 || 1 / value > 0)
      ? (answers[value] ??= compute(value))
      : compute(value);
}

/** The plural category of a number in a locale: `cardinal` for `plural`, `ordinal` for `selectordinal`. */
export function pluralCategory(locale: string, type: Intl.PluralRuleType): IntlFunction {
  return cached(`${locale}\u0000${type}`, () => {
    const rules = new Intl.PluralRules(locale, { type });
    return remembered((value) => rules.select(value as number));
  });
}

// ICU's named number styles, as intl-messageformat defines them; any other name is a plain number.
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
  currency: { style: 'currency' },
};

/** A number written in a locale with an ICU style name (none, `integer`, `percent` …). */
export function numberFormat(locale: string, style = ''): IntlFunction {
  const options = Object.hasOwn(NUMBER_STYLES, style) ? NUMBER_STYLES[style] : undefined;
  // Unknown styles share the plain format's entry, so odd names cannot grow the cache.
  return cached(`${locale}\u0000#${options ? style : ''}`, () => {
    const format = new Intl.NumberFormat(locale, options).format;
    return remembered((value) => format(value as number));
  });
}
