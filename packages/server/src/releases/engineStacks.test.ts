import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// Stacks printed by real engines for bundles with real source maps (how they were collected:
// packages/platform/src/logger/testing/stacks/README.md), read by the browser logger's parser.
import { parseStack } from '../../../platform/src/logger/parseStack.js';
import { loadMap } from './mapCache.js';
import type { MapSource } from './mapSource.js';
import { placeGroupId } from './releaseService.js';
import { culpritFrame } from './resolveStack.js';

const stacksDir = new URL('../../../platform/src/logger/testing/stacks/', import.meta.url);
type Stacks = Record<string, Record<string, string>>;
const fixture = (engine: string) => JSON.parse(readFileSync(new URL(`${engine}.json`, stacksDir), 'utf8')) as Stacks;
const throwers = readFileSync(new URL('../../../../scripts/collect-stacks/throwers.js', import.meta.url), 'utf8').split('\n');
const lineOf = (text: string) => throwers.findIndex((line) => line.includes(text)) + 1;

const SCRIPTS = { esbuild: 'esbuild/app.min.js', vite: 'vite/app.js', webpack: 'webpack/main.js' } as const;
const ENGINES = ['chromium', 'firefox', 'webkit'];
// Cases whose throw every engine places (WebKit names no place inside eval'd code), with the
// line they throw on.
const CASES = { named: 'case:named', anonymous: 'case:anonymous', method: 'case:method', constructor: 'case:constructor', args: 'case:args', nested: 'case:named', async: 'case:async' };

/** The maps of this fixture's three bundles, each for its script's URL. */
const maps: MapSource = {
  async find(_release, fileName) {
    const bundle = Object.entries(SCRIPTS).find(([, script]) => fileName === `http://127.0.0.1:4599/${script}`)?.[0];
    return bundle ? loadMap(readFileSync(new URL(`maps/${bundle}.js.map`, stacksDir), 'utf8')) : null;
  },
  forget() {},
};

describe.each(Object.keys(SCRIPTS))('the same error thrown in Chromium, Firefox and WebKit from the %s bundle', (bundle) => {
  it.each(Object.entries(CASES))('%s: resolves to its original line, and to one group', async (name, marker) => {
    const groups = new Set<string>();
    for (const engine of ENGINES) {
      const stack = fixture(engine)[bundle]?.[name];
      expect(stack, `${engine} ${bundle} ${name}`).toBeDefined();
      const culprit = await culpritFrame(maps, null, parseStack(stack).parsedStackTrace);
      expect(culprit?.original, engine).toMatchObject({ fileName: 'src/throwers.js', lineNo: lineOf(marker) });
      groups.add(placeGroupId({ product: 'shop', level: 4, message: `Error: ${marker}` }, culprit!.original!.fileName, culprit!.original!.functionName));
    }
    expect(groups.size).toBe(1);
  });
});
