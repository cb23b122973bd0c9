import { afterEach, describe, expect, it } from 'vitest';
import { readMeta } from './readMeta';

function addMeta(name: string, content: string): void {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('readMeta', () => {
  it('returns the content the server filled in', () => {
    addMeta('r9-version', ' 2026.11.1 ');
    expect(readMeta('r9-version')).toBe('2026.11.1');
  });

  it('treats an empty placeholder and a missing tag as absent', () => {
    addMeta('form-token', '');
    expect(readMeta('form-token')).toBeUndefined();
    expect(readMeta('nothing-here')).toBeUndefined();
  });
});
