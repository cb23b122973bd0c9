import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Sparkline } from './Sparkline';

describe('Sparkline', () => {
  it('draws one bar per non-empty bucket, the highest full height, and says the numbers', () => {
    const html = renderToStaticMarkup(<Sparkline values={[0, 4, 0, 8]} label="12 in the last 24 hours" width={40} height={22} />);
    const heights = [...html.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toEqual([10, 20]);
    expect(html).toContain('aria-label="12 in the last 24 hours"');
    expect(html).toContain('<title>12 in the last 24 hours</title>');
  });
});
