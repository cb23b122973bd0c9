import { describe, expect, it } from 'vitest';
import { hashWithoutToken, tokenFromHash } from './tokenFromHash';

describe('tokenFromHash', () => {
  it('reads the token with or without the leading #', () => {
    expect(tokenFromHash('#token=abc123')).toBe('abc123');
    expect(tokenFromHash('view=logs&token=a%2Bb')).toBe('a+b');
  });

  it('ignores a missing or empty token', () => {
    expect(tokenFromHash('')).toBeUndefined();
    expect(tokenFromHash('#token=')).toBeUndefined();
    expect(tokenFromHash('#other=1')).toBeUndefined();
  });
});

describe('hashWithoutToken', () => {
  it('drops only the token', () => {
    expect(hashWithoutToken('#token=abc')).toBe('');
    expect(hashWithoutToken('#token=abc&view=logs')).toBe('#view=logs');
  });
});
