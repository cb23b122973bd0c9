import { describe, expect, it } from 'vitest';
import { levelName, shortLocation } from './levels';

describe('levelName', () => {
  it('names the wire levels and keeps unknown ones visible', () => {
    expect([1, 2, 3, 4].map(levelName)).toEqual(['DEBUG', 'INFO', 'WARN', 'ERROR']);
    expect(levelName(9)).toBe('LEVEL 9');
  });
});

describe('shortLocation', () => {
  it('keeps the path of a URL plus line and column', () => {
    expect(shortLocation('http://127.0.0.1:3000/assets/index-abc.js', 12, 7)).toBe('/assets/index-abc.js:12:7');
    expect(shortLocation('http://x/a.js', 3)).toBe('/a.js:3');
  });

  it('shows non-URLs as they are and a dash when unknown', () => {
    expect(shortLocation('<anonymous>', 1, null)).toBe('<anonymous>:1');
    expect(shortLocation(null, null)).toBe('—');
  });
});
