import { describe, expect, it } from 'vitest';
import { cleanUrl, selectorOf } from './text.js';

describe('selectorOf', () => {
  it('names tag and sorted classes per level, stopping at the first id', () => {
    document.body.innerHTML = '<div id="app"><section class="b a"><p class="lead"><span>x</span></p></section></div>';
    expect(selectorOf(document.querySelector('span'))).toBe('#app>section.a.b>p.lead>span');
    expect(selectorOf(document.getElementById('app'))).toBe('#app');
  });

  it('names a text node by its element, and a missing node not at all', () => {
    document.body.innerHTML = '<main class="content"><h1>Title</h1></main>';
    expect(selectorOf(document.querySelector('h1')!.firstChild)).toBe('html>body>main.content>h1');
    expect(selectorOf(null)).toBeUndefined();
  });

  it('stays short: whole levels up to 100 characters, the nearest kept', () => {
    const deep = Array.from({ length: 30 }, (_, i) => `<div class="level-${i}">`).join('') + '<b>x</b>' + '</div>'.repeat(30);
    document.body.innerHTML = deep;
    const selector = selectorOf(document.querySelector('b'))!;
    expect(selector.length).toBeLessThanOrEqual(100);
    expect(selector).toMatch(/>div\.level-29>b$/);
  });

  it('never lets an e-mail address out, even in a class name', () => {
    document.body.innerHTML = '<p class="jane.doe@example.com">x</p>';
    expect(selectorOf(document.querySelector('p'))).not.toContain('@');
  });
});

describe('cleanUrl', () => {
  it('drops the query string and the fragment, and bounds the length to 500', () => {
    expect(cleanUrl('https://cdn.test/hero.jpg?token=secret#top')).toBe('https://cdn.test/hero.jpg');
    expect(cleanUrl('https://cdn.test/' + 'a'.repeat(600))).toHaveLength(500);
    expect(cleanUrl('https://cdn.test/u/jane@example.com/a.png')).toBe('https://cdn.test/u/{email}/a.png');
  });
});
