import { describe, expect, it } from 'vitest';
import type { ResolvedStack } from '@tarmac/server/contracts';
import { fakeTimerRootForEachTest } from '../hooks/testing/fakeTimerRoot';
import { ResolvedStackView } from './ResolvedStackView';

const testRoot = fakeTimerRootForEachTest();

const stack: ResolvedStack = {
  release: 'r7',
  resolvedCount: 1,
  frames: [
    {
      minified: { functionName: 'Ae', fileName: 'https://x.test/assets/index-1.js', lineNo: 1, colNo: 22598 },
      original: { fileName: 'src/devtools/BrokenWidget.tsx', lineNo: 6, colNo: 9, functionName: 'BrokenWidget', inApp: true },
      context: { pre: ['a', 'b'], line: "  throw new Error('x');", post: ['}'] },
    },
    { minified: { fileName: 'https://x.test/ext.js', lineNo: 3, colNo: 4 }, original: null, context: null },
  ],
};

describe('ResolvedStackView', () => {
  it('shows each frame at its original place with its source, the minified frame a click away', () => {
    testRoot.render(<ResolvedStackView stack={stack} />);
    const [first, second] = testRoot.container.querySelectorAll('[data-testid="resolved-frame"]');
    expect(first!.querySelector('.frame__head')?.textContent).toBe('BrokenWidgetsrc/devtools/BrokenWidget.tsx:6:9');
    const lines = [...first!.querySelectorAll('.frame__line')].map((l) => [l.querySelector('.frame__no')?.textContent, l.classList.contains('is-current')]);
    expect(lines).toEqual([['4', false], ['5', false], ['6', true], ['7', false]]);
    expect(first!.querySelector('details.frame__minified')?.textContent).toBe('MinifiedAe https://x.test/assets/index-1.js:1:22598');
    expect(second!.querySelector('.frame__head')?.textContent).toBe('(anonymous)https://x.test/ext.js:3:4no source map');
    expect(testRoot.container.textContent).toContain('1 of 2 frames resolved through the source maps of release r7.');
  });
});
