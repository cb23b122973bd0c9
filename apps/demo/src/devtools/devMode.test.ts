import { describe, expect, it } from 'vitest';
import { isDevMode } from './devMode';

describe('isDevMode', () => {
  it('is on with ?dev=1 or in a development build, off on the public page', () => {
    expect(isDevMode('?dev=1&locale=es', false)).toBe(true);
    expect(isDevMode('?locale=es', true)).toBe(true);
    for (const search of ['', '?dev=0', '?dev=true', '?locale=es&devx=1']) expect(isDevMode(search, false), search).toBe(false);
  });
});
