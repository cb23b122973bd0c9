import { describe, expect, it } from 'vitest';
import { injectMeta } from './injectMeta.js';

describe('injectMeta', () => {
  it('puts escaped tags right after the head tag', () => {
    const html = '<html><head lang="en"><title>x</title></head></html>';
    expect(injectMeta(html, { 'r9-version': '1.2"<3' })).toBe(
      '<html><head lang="en"><meta name="r9-version" content="1.2&quot;&lt;3"><title>x</title></head></html>',
    );
  });

  it('does not mistake <header> for the head', () => {
    const html = '<header></header><head></head>';
    expect(injectMeta(html, { a: 'b' })).toBe('<header></header><head><meta name="a" content="b"></head>');
  });

  it('prepends the tags when the page has no head', () => {
    expect(injectMeta('<p>hi</p>', { a: 'b' })).toBe('<meta name="a" content="b"><p>hi</p>');
  });
});
