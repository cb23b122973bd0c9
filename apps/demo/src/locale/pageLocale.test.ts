import { beforeEach, describe, expect, it } from 'vitest';
import { isStandalone, readPageLocale } from './pageLocale';

beforeEach(() => localStorage.clear());

describe('readPageLocale', () => {
  it('prefers the URL, then the saved choice, then the browser language', () => {
    expect(readPageLocale('?locale=es')).toBe('es');
    localStorage.setItem('tarmac.locale', 'es');
    expect(readPageLocale('?locale=en')).toBe('en');
    expect(readPageLocale('')).toBe('es');
    localStorage.clear();
    expect(readPageLocale('?locale=fr')).toBe(navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en');
  });

  it('reads standalone mode from the URL', () => {
    expect(isStandalone('?standalone=1')).toBe(true);
    expect(isStandalone('?standalone=0')).toBe(false);
  });
});
