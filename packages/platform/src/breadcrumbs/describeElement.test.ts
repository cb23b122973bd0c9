import { afterEach, describe, expect, it } from 'vitest';
import { describeElement } from './describeElement.js';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('describeElement', () => {
  it('names tag, id, two classes and the first 40 characters of the text', () => {
    document.body.innerHTML = `<button id="book" class="btn primary large">  Book   ${'this flight '.repeat(5)}</button>`;
    const text = describeElement(document.querySelector('button'));
    expect(text).toBe(`button#book.btn.primary "${`Book   ${'this flight '.repeat(5)}`.slice(0, 40)}"`);
  });

  it('describes the button around a clicked icon, not the icon', () => {
    document.body.innerHTML = '<a href="/x" class="nav"><span class="icon">→</span> Next</a>';
    expect(describeElement(document.querySelector('.icon'))).toBe('a.nav "→ Next"');
  });

  it('never reads what a visitor typed', () => {
    document.body.innerHTML = '<input id="email" type="email">';
    const input = document.querySelector('input')!;
    input.value = 'ana.lopez@example.com';
    expect(describeElement(input)).toBe('input#email');
  });

  it('describes targets that are not elements without throwing', () => {
    expect(describeElement(window)).toBe('');
  });
});
