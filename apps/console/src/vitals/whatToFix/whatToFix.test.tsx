import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dominantSubpart, hintFor } from './hints';
import { SubpartBar } from './SubpartBar';

describe('What to fix: hints', () => {
  it('names the largest subpart and says what to do about it', () => {
    const subparts = { timeToFirstByte: 300, resourceLoadDelay: 1900, resourceLoadDuration: 700, elementRenderDelay: null };
    expect(dominantSubpart(subparts)).toBe('resourceLoadDelay');
    expect(hintFor('LCP', subparts)).toMatch(/^resource load delay: the LCP image is discovered late: preload it/);
    expect(hintFor('INP', { inputDelay: 10, processingDuration: 400, presentationDelay: 40 })).toMatch(/^processing duration: /);
  });

  it('has no subpart to name when none was measured, and a layout hint for CLS', () => {
    expect(hintFor('LCP', { timeToFirstByte: null, resourceLoadDelay: 0 })).toBeNull();
    expect(hintFor('CLS', {})).toMatch(/^layout shift: .*reserve its space/);
  });
});

describe('SubpartBar', () => {
  it('draws each subpart as a segment proportional to its p75, side by side, titled', () => {
    const html = renderToStaticMarkup(<SubpartBar subparts={{ inputDelay: 50, processingDuration: 150, presentationDelay: 100 }} format={(v) => `${v} ms`} />);
    const segments = [...html.matchAll(/<rect x="([\d.]+)" y="0" width="([\d.]+)"[^>]*data-subpart="(\w+)"/g)].map((m) => [m[3], Number(m[1]), Number(m[2])]);
    expect(segments).toEqual([
      ['inputDelay', 0, 50],
      ['processingDuration', 50, 150],
      ['presentationDelay', 200, 100],
    ]);
    expect(html).toContain('aria-label="input delay 50 ms, processing duration 150 ms, presentation delay 100 ms"');
  });

  it('draws nothing when no subpart was measured', () => {
    expect(renderToStaticMarkup(<SubpartBar subparts={{ inputDelay: null }} format={String} />)).toBe('');
  });
});
