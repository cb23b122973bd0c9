import { describe, expect, it } from 'vitest';
import { formatPrice } from './formatPrice';

// Intl puts a no-break space between a Spanish amount and its sign; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('writes euros the way each language does, always with cents', () => {
    expect(plain(formatPrice(1249.5, 'es'))).toBe('1249,50 €');
    expect(formatPrice(1249.5, 'en')).toBe('€1,249.50');
    expect(plain(formatPrice(89, 'es'))).toBe('89,00 €');
    expect(formatPrice(12345.678, 'en')).toBe('€12,345.68');
  });
});
