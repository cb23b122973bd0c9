/** The currency every demo price is quoted in. */
export const PRICE_CURRENCY = 'EUR';

/**
 * A price as the page's language writes money ("1249,50 €" in Spanish, "€1,249.50" in English).
 * Always two decimals, so a list of deals never mixes "89 €" with "1249,50 €". Done here, not in
 * the message, because the message formatter's `currency` style has no way to name a currency.
 */
export function formatPrice(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: PRICE_CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
