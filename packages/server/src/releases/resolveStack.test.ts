import { describe, expect, it } from 'vitest';
import { loadMap } from './mapCache.js';
import type { MapSource } from './mapSource.js';
import { culpritFrame, displaySource, resolveStack } from './resolveStack.js';
import { CHECKOUT_FILE, CHECKOUT_SOURCE, minifiedBuild } from './testing/minifiedBuild.js';

const url = 'https://shop.test/assets/app-1a2b3c4d.js';
const build = minifiedBuild(url);
const sourceLines = CHECKOUT_SOURCE.split('\n');
const lineOf = (text: string) => sourceLines.findIndex((l) => l.includes(text)) + 1;

/** A map source that knows the fixture's map for its URL only. */
const maps: MapSource = {
  async find(_release, fileName) {
    return fileName === url ? loadMap(JSON.stringify(build.map)) : null;
  },
  forget() {},
};

describe('resolveStack', () => {
  it('takes each minified frame back to the original file, line, column and function', async () => {
    expect(build.frames[0]?.lineNo).toBe(1); // minified: everything is on line 1
    const stack = await resolveStack(maps, 'r1', build.frames);
    const [thrown, caller] = stack.frames;
    expect(thrown?.original).toEqual({ fileName: CHECKOUT_FILE, lineNo: lineOf('throw new Error'), colNo: sourceLines[lineOf('throw new Error') - 1]!.indexOf('new Error') + 1, functionName: 'checkoutTotal', inApp: true });
    expect(caller?.original).toMatchObject({ fileName: CHECKOUT_FILE, lineNo: lineOf('const total = checkoutTotal'), functionName: 'submitOrder' });
    expect(thrown?.minified).toEqual(build.frames[0]);
    expect(stack).toMatchObject({ release: 'r1', resolvedCount: 2 });
  });

  it('gives five lines of source either side of the line', async () => {
    const [thrown] = (await resolveStack(maps, 'r1', build.frames)).frames;
    const line = lineOf('throw new Error');
    expect(thrown?.context).toEqual({
      pre: sourceLines.slice(line - 6, line - 1),
      line: sourceLines[line - 1],
      post: sourceLines.slice(line, line + 5),
    });
  });

  it('leaves frames without a map, or outside it, as the browser sent them', async () => {
    const frames = [{ fileName: 'https://other.test/x.js', lineNo: 1, colNo: 1 }, { ...build.frames[0]!, lineNo: 40 }, { ...build.frames[0]!, lineNo: 0 }];
    const stack = await resolveStack(maps, 'r1', frames);
    expect(stack.resolvedCount).toBe(0);
    expect(stack.frames.map((f) => [f.minified, f.original, f.context])).toEqual(frames.map((f) => [f, null, null]));
  });

  it('picks the first application frame as the culprit', async () => {
    const culprit = await culpritFrame(maps, 'r1', [{ fileName: 'https://cdn.test/lib.js', lineNo: 1, colNo: 5 }, ...build.frames]);
    expect(culprit?.original?.functionName).toBe('checkoutTotal');
    expect(await culpritFrame(maps, 'r1', [{ fileName: 'https://cdn.test/lib.js', lineNo: 1, colNo: 5 }])).toBeNull();
  });

  it('shows sources relative to the repository', () => {
    expect(displaySource('../../src/App.tsx')).toBe('src/App.tsx');
    expect(displaySource('webpack://shop/./src/a.ts')).toBe('src/a.ts');
    expect(displaySource('../../../../node_modules/react/index.js')).toBe('node_modules/react/index.js');
  });
});
