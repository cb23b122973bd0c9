// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStack, parseStackLine } from './parseStack.js';

// Stacks that real engines printed for scripts/collect-stacks/throwers.js, as written and as
// esbuild, Vite and webpack bundle it (how: testing/stacks/README.md). The parser must read every
// frame of every one of them.
type Stacks = Record<string, Record<string, string>>;
const fixture = (name: string): Stacks => JSON.parse(readFileSync(new URL(`./testing/stacks/${name}.json`, import.meta.url), 'utf8')) as Stacks;
const ENGINES = ['chromium', 'firefox', 'webkit', 'node'] as const;
const throwers = readFileSync(new URL('../../../../scripts/collect-stacks/throwers.js', import.meta.url), 'utf8').split('\n');
const lineOf = (text: string) => throwers.findIndex((line) => line.includes(text)) + 1;

const every = ENGINES.flatMap((engine) =>
  Object.entries(fixture(engine)).flatMap(([bundle, cases]) => Object.entries(cases).map(([name, stack]) => ({ engine, bundle, name, stack }))),
);

describe('stacks printed by Chromium, Firefox ESR, WebKitGTK and Node', () => {
  it('were all collected: every engine, every bundle, every case', () => {
    expect(every).toHaveLength(3 * 5 * 9 + 9);
  });

  it.each(every)('$engine · $bundle · $name: one frame for every line that names a place, none for the rest', ({ stack }) => {
    const lines = stack.split('\n').filter((line) => line.trim());
    const { parsedStackTrace } = parseStack(stack);
    // A place is a line ending in ":line" or ":line:column" (V8 closes it with a parenthesis);
    // V8's eval'd code is placed at its eval site, which names no line when it is itself eval'd
    // code (webpack's development build evaluates each module).
    const namesPlace = (line: string) => (line.includes('(eval at ') ? /:\d+\), <anonymous>/ : /:\d+\)?$/).test(line);
    expect(parsedStackTrace).toHaveLength(lines.filter(namesPlace).length);
    for (const frame of parsedStackTrace) {
      expect(frame.fileName).toMatch(/^(?:http:\/\/127\.0\.0\.1:4599\/|webpack:\/\/\/|file:\/\/\/|node:)[^\s()]+$/);
      expect(frame.lineNo).toBeGreaterThan(0);
      expect(frame.colNo).toBeGreaterThanOrEqual(0);
      expect(frame.functionName ?? 'x').not.toMatch(/^(?:async\b|at )|@/);
    }
  });

  it.each(every)('$engine · $bundle · $name: no frame is taken for an e-mail address', ({ stack }) => {
    expect(parseStack(stack).stackTrace.join('\n')).not.toContain('{email}');
  });

  // The top frame of each unbundled case: [function as the engine names it, line in throwers.js].
  // WebKit names no place for eval'd code, so its top frame there is the caller.
  const named = lineOf("'case:named'");
  const TOP: Record<(typeof ENGINES)[number], Record<string, (string | number | undefined)[]>> = {
    chromium: {
      named: ['namedFunction', named], anonymous: ['Array.anonymous', lineOf("'case:anonymous'")], method: ['Object.bar', lineOf("'case:method'")],
      constructor: ['new FareList', lineOf("'case:constructor'")], args: ['withArgs', lineOf("'case:args'")], nested: ['namedFunction', named],
      eval: ['evalled', lineOf("'case:eval'")], function: ['eval', lineOf("'case:function'")], async: ['loadResults', lineOf("'case:async'")],
    },
    firefox: {
      named: ['namedFunction', named], anonymous: ['anonymous<', lineOf("'case:anonymous'")], method: ['bar', lineOf("'case:method'")],
      constructor: ['FareList', lineOf("'case:constructor'")], args: ['withArgs', lineOf("'case:args'")], nested: ['namedFunction', named],
      eval: ['evalled', lineOf("'case:eval'")], function: ['anonymous', lineOf("'case:function'")], async: ['loadResults', lineOf("'case:async'")],
    },
    webkit: {
      named: ['namedFunction', named], anonymous: [undefined, lineOf("'case:anonymous'")], method: ['bar', lineOf("'case:method'")],
      constructor: ['FareList', lineOf("'case:constructor'")], args: ['withArgs', lineOf("'case:args'")], nested: ['namedFunction', named],
      eval: ['stackOf', lineOf('    run();')], function: ['stackOf', lineOf('    run();')], async: ['loadResults', lineOf("'case:async'")],
    },
    node: {
      named: ['namedFunction', named], anonymous: ['Array.anonymous', lineOf("'case:anonymous'")], method: ['Object.bar', lineOf("'case:method'")],
      constructor: ['new FareList', lineOf("'case:constructor'")], args: ['withArgs', lineOf("'case:args'")], nested: ['namedFunction', named],
      eval: ['evalled', lineOf("'case:eval'")], function: ['eval', lineOf("'case:function'")], async: ['loadResults', lineOf("'case:async'")],
    },
  };
  it.each(ENGINES)('%s: the top frame of each unbundled case is its function and line in the source', (engine) => {
    const { plain } = fixture(engine);
    const tops = Object.fromEntries(Object.entries(plain!).map(([name, stack]) => {
      const top = parseStack(stack).parsedStackTrace[0];
      return [name, [top?.functionName, top?.fileName.endsWith('/throwers.js') ? top.lineNo : top?.fileName]];
    }));
    expect(tops).toEqual(TOP[engine]);
  });

  it("keeps Node's top-level await frame apart from its file", () => {
    const frames = parseStack(fixture('node').plain!.async).parsedStackTrace;
    expect(frames.at(-1)).toEqual({ functionName: undefined, fileName: 'file:///tmp/tarmac-stacks/plain/node-entry.mjs', lineNo: 2, colNo: 16 });
  });
});

describe('stacks printed by Hermes (React Native)', () => {
  const hermes = fixture('hermes');
  it('reads bytecode frames without debug info ("address at") and with it', () => {
    expect(parseStack(hermes.bytecode!.method).parsedStackTrace.map((f) => [f.functionName, f.fileName, f.lineNo])).toEqual([
      ['onPress', 'index.android.bundle', 1], ['bar', 'index.android.bundle', 1], ['global', 'index.android.bundle', 1],
    ]);
    expect(parseStack(hermes.source!.anonymous).parsedStackTrace.map((f) => [f.functionName, f.fileName, f.lineNo, f.colNo])).toEqual([
      ['anonymous', 'index.android.js', 5, 44], ['global', 'index.android.js', 5, 14],
    ]);
  });
});

// Formats these engines' versions no longer print, from older Safari, Firefox and Chrome and
// from React Native, as the issue quotes them.
describe.each([
  ['Safari: an anonymous frame as a bare location', 'https://www.example.com/assets/app.js:48:22', [undefined, 'https://www.example.com/assets/app.js', 48, 22]],
  ['Firefox/Safari: a file without scheme', 'render@app.min.js:7:8', ['render', 'app.min.js', 7, 8]],
  ['React Native: a bundle without scheme', 'async*onPress@index.android.bundle:1:452701', ['onPress', 'index.android.bundle', 1, 452701]],
  ['V8: no space before the parenthesis', '    at Foo.eval(webpack:///./src/components/Results.tsx?:295:108)', ['Foo.eval', 'webpack:///./src/components/Results.tsx?', 295, 108]],
  ["V8: webpack's runtime", '    at key(webpack/runtime/define property getters:27:18)', ['key', 'webpack/runtime/define property getters', 27, 18]],
  ['V8: the old async marker', '    at loadResults (async https://www.example.com/assets/app.js:5:1200)', ['loadResults', 'https://www.example.com/assets/app.js', 5, 1200]],
  ['V8: top-level await', '    at async file:///srv/app/main.mjs:12:3', [undefined, 'file:///srv/app/main.mjs', 12, 3]],
  ['Hermes: a bytecode address', '    at onPress (address at index.android.bundle:1:452701)', ['onPress', 'index.android.bundle', 1, 452701]],
  ['old Firefox: arguments after the name', 'bar(1)@https://www.example.com/assets/app.js:3:4', ['bar', 'https://www.example.com/assets/app.js', 3, 4]],
])('%s', (_name, line, [functionName, fileName, lineNo, colNo]) => {
  it('gives function, file, line and column', () => {
    expect(parseStackLine(line)).toEqual({ functionName, fileName, lineNo, colNo });
    expect(parseStack(line).parsedStackTrace).toEqual([{ functionName, fileName, lineNo, colNo }]);
  });
});

describe('e-mail addresses in stacks', () => {
  it('are still scrubbed from frame names and paths, while frames without scheme stay', () => {
    const { stackTrace, parsedStackTrace } = parseStack('render@app.min.js:7:8\nann.lee@example.com@https://x.example/u/bob@example.org/a.js:1:2');
    expect(stackTrace).toEqual(['render@app.min.js:7:8', '{email}@https://x.example/u/{email}/a.js:1:2']);
    expect(parsedStackTrace.map((f) => [f.functionName, f.fileName])).toEqual([['render', 'app.min.js'], ['{email}', 'https://x.example/u/{email}/a.js']]);
  });
});
