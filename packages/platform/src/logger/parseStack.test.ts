import { describe, expect, it } from 'vitest';
import { parseStack, parseStackLine } from './parseStack.js';

// Captured from real browsers running a small bundle; host names changed only.
const CHROME = `TypeError: Cannot read properties of undefined (reading 'price')
    at renderFare (https://www.example.com/assets/results-3f9a.js:12:345)
    at https://www.example.com/assets/results-3f9a.js:20:17
    at Array.map (<anonymous>)
    at new FareList (https://www.example.com/assets/results-3f9a.js:40:9)
    at async loadResults (https://www.example.com/assets/app.js:5:1200)
    at eval (eval at compile (https://www.example.com/assets/app.js:88:21), <anonymous>:1:7)
    at Object.<anonymous> (https://www.example.com:8443/assets/app.js:3:4)
    at Promise.all (index 0)`;

const FIREFOX = `renderFare@https://www.example.com/assets/results-3f9a.js:12:345
FareList/<@https://www.example.com/assets/results-3f9a.js:20:17
FareList@https://www.example.com/assets/results-3f9a.js:40:9
async*loadResults@https://www.example.com/assets/app.js:5:1200
compile/fn@https://www.example.com/assets/app.js line 88 > eval:1:7
@https://www.example.com/assets/app.js:3:4
`;

const SAFARI = `renderFare@https://www.example.com/assets/results-3f9a.js:12:345
@https://www.example.com/assets/results-3f9a.js:20:17
map@[native code]
FareList@https://www.example.com/assets/results-3f9a.js:40:9
eval code@
eval@[native code]
global code@https://www.example.com/assets/app.js:3:4
asyncFunctionResume@[native code]`;

const file = (name: string) => `https://www.example.com/assets/${name}`;

describe('parseStack', () => {
  it('reads Chrome/V8 stacks including anonymous, constructor, async and eval frames', () => {
    expect(parseStack(CHROME).parsedStackTrace).toEqual([
      { functionName: 'renderFare', fileName: file('results-3f9a.js'), lineNo: 12, colNo: 345 },
      { functionName: undefined, fileName: file('results-3f9a.js'), lineNo: 20, colNo: 17 },
      { functionName: 'new FareList', fileName: file('results-3f9a.js'), lineNo: 40, colNo: 9 },
      { functionName: 'loadResults', fileName: file('app.js'), lineNo: 5, colNo: 1200 },
      { functionName: 'eval', fileName: file('app.js'), lineNo: 88, colNo: 21 },
      { functionName: 'Object.<anonymous>', fileName: 'https://www.example.com:8443/assets/app.js', lineNo: 3, colNo: 4 },
    ]);
  });

  it('reads Firefox stacks including anonymous, async and eval frames', () => {
    expect(parseStack(FIREFOX).parsedStackTrace).toEqual([
      { functionName: 'renderFare', fileName: file('results-3f9a.js'), lineNo: 12, colNo: 345 },
      { functionName: 'FareList/<', fileName: file('results-3f9a.js'), lineNo: 20, colNo: 17 },
      { functionName: 'FareList', fileName: file('results-3f9a.js'), lineNo: 40, colNo: 9 },
      { functionName: 'loadResults', fileName: file('app.js'), lineNo: 5, colNo: 1200 },
      { functionName: 'compile/fn', fileName: file('app.js'), lineNo: 88, colNo: 0 },
      { functionName: undefined, fileName: file('app.js'), lineNo: 3, colNo: 4 },
    ]);
  });

  it('reads Safari stacks and skips native and location-less lines', () => {
    expect(parseStack(SAFARI).parsedStackTrace).toEqual([
      { functionName: 'renderFare', fileName: file('results-3f9a.js'), lineNo: 12, colNo: 345 },
      { functionName: undefined, fileName: file('results-3f9a.js'), lineNo: 20, colNo: 17 },
      { functionName: 'FareList', fileName: file('results-3f9a.js'), lineNo: 40, colNo: 9 },
      { functionName: 'global code', fileName: file('app.js'), lineNo: 3, colNo: 4 },
    ]);
  });

  it('keeps scoped package paths whole and gives up on lines that name no place', () => {
    expect(parseStackLine('    at x (https://cdn.example.com/@scope/pkg@1.2.3/index.js:7:8)')).toEqual({
      functionName: 'x',
      fileName: 'https://cdn.example.com/@scope/pkg@1.2.3/index.js',
      lineNo: 7,
      colNo: 8,
    });
    expect(parseStackLine('TypeError: x is not a function')).toBeUndefined();
    expect(parseStackLine('    at new Promise (<anonymous>)')).toBeUndefined();
  });

  it('caps the number of lines and frames at 50', () => {
    const deep = Array.from({ length: 80 }, (_, i) => `    at f${i} (https://x.example/a.js:${i + 1}:1)`);
    const { stackTrace, parsedStackTrace: frames } = parseStack(deep.join('\n'));
    expect(stackTrace).toHaveLength(50);
    expect(frames).toHaveLength(50);
    expect(frames[49]?.functionName).toBe('f49');
  });
});

describe('parseStack lines', () => {
  it('splits into non-empty lines without trailing spaces', () => {
    expect(parseStack('a  \n\n  b\n').stackTrace).toEqual(['a', '  b']);
    expect(parseStack(undefined)).toEqual({ stackTrace: [], parsedStackTrace: [] });
  });

  it('scrubs e-mails and cuts each line to 1000 characters before parsing', () => {
    const { stackTrace, parsedStackTrace } = parseStack(`    at ann@example.com (https://x.example/a.js:1:2)\n${'z'.repeat(1500)}`);
    expect(stackTrace[0]).toBe('    at {email} (https://x.example/a.js:1:2)');
    expect(parsedStackTrace[0]?.functionName).toBe('{email}');
    expect(stackTrace[1]).toHaveLength(1000);
  });
});
