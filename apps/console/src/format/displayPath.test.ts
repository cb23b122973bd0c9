import { describe, expect, it } from 'vitest';
import { displayPath } from './displayPath';

describe('displayPath', () => {
  it('decodes spaces, arrows and accented letters', () => {
    expect(displayPath('/vs/flights/results/Madrid%20%E2%86%92%20Lisboa')).toBe('/vs/flights/results/Madrid → Lisboa');
    expect(displayPath('/vs/hotels/M%C3%A1laga')).toBe('/vs/hotels/Málaga');
    expect(displayPath('/vs/m%c3%a1laga/%F0%9F%9B%AB')).toBe('/vs/málaga/🛫');
  });

  it('shows a malformed escape as it is and decodes the rest', () => {
    expect(displayPath('/vs/cars/100%25-off%zz')).toBe('/vs/cars/100%-off%zz');
    expect(displayPath('/vs/%E2%86%20x')).toBe('/vs/%E2%86 x'); // a cut UTF-8 sequence
    expect(displayPath('/vs/%ED%A0%80')).toBe('/vs/%ED%A0%80'); // an encoded lone surrogate
    expect(displayPath('/vs/%C3%28')).toBe('/vs/%C3(');
    expect(displayPath('/vs/50%')).toBe('/vs/50%');
  });

  it('keeps delimiters, controls and invisible marks encoded', () => {
    expect(displayPath('/vs/a%2Fb%3Fc%23d')).toBe('/vs/a%2Fb%3Fc%23d');
    expect(displayPath('/vs/x%00y%0Az')).toBe('/vs/x%00y%0Az');
    expect(displayPath('/vs/%E2%80%AEgnp.exe')).toBe('/vs/%E2%80%AEgnp.exe'); // right-to-left override
    expect(displayPath('/vs/%E2%80%8B')).toBe('/vs/%E2%80%8B'); // zero-width space
  });

  it('leaves text without escapes alone, markup included (React renders it as text)', () => {
    expect(displayPath('/vs/flights/home')).toBe('/vs/flights/home');
    expect(displayPath('/vs/%3Cb%3E')).toBe('/vs/<b>');
  });
});
