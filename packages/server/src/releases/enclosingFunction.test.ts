import { describe, expect, it } from 'vitest';
import { enclosingFunctionName, functionHead } from './enclosingFunction.js';

/** The name found for the position of `@` in `source` (the marker is removed first). */
function nameAt(source: string): string | undefined {
  const lines = source.split('\n');
  const lineIndex = lines.findIndex((l) => l.includes('@'));
  const column = lines[lineIndex]!.indexOf('@');
  lines[lineIndex] = lines[lineIndex]!.replace('@', '');
  return enclosingFunctionName(lines, lineIndex + 1, column);
}

describe('enclosingFunctionName', () => {
  it('names function declarations, typed ones included', () => {
    expect(nameAt('function checkout(cart: Cart): number {\n  @throw new Error("x");\n}')).toBe('checkout');
    expect(nameAt('export async function load<T>({ id }: Props<T>): Promise<T> {\n  @fail();\n}')).toBe('load');
  });

  it('names arrows by the variable, property or JSX attribute they are given to', () => {
    expect(nameAt('const submitOrder = async (cart: Cart): Promise<void> => {\n  @go();\n};')).toBe('submitOrder');
    expect(nameAt('const onPick = useCallback((id) => {\n  @pick(id);\n}, []);')).toBe('onPick');
    expect(nameAt('<button onClick={() => {\n  @setOpen(true);\n}}>')).toBe('onClick');
    expect(nameAt('const handlers = { onSave: (v) => {\n  @save(v);\n} };')).toBe('onSave');
    expect(nameAt('items.forEach(item => {\n  @use(item);\n});\nconst x = 1;')).toBeUndefined();
  });

  it('names class and object methods but not control blocks', () => {
    expect(nameAt('class Box {\n  render() {\n    if (this.broken) {\n      @throw new Error();\n    }\n  }\n}')).toBe('render');
    expect(nameAt('for (const x of list) {\n  @run(x);\n}')).toBeUndefined();
  });

  it('skips anonymous callbacks for the named function they are written in', () => {
    const source = [
      'export function throwLater(schedule) {',
      '  schedule(() => {',
      "    @throw new Error('later');",
      '  });',
      '}',
    ].join('\n');
    expect(nameAt(source)).toBe('throwLater');
  });

  it('steps over closed blocks between the position and its function', () => {
    const source = ['function outer() {', '  const inner = () => { return 1; };', '  if (a) { b(); }', '  @boom();', '}'].join('\n');
    expect(nameAt(source)).toBe('outer');
  });

  it('classifies heads', () => {
    expect(functionHead('if (ready) ')).toEqual({ kind: 'block' });
    expect(functionHead('const x = ')).toEqual({ kind: 'block' });
    expect(functionHead('run(() => ')).toEqual({ kind: 'anonymous' });
    expect(functionHead('const f = function named() ')).toEqual({ kind: 'named', name: 'named' });
    expect(functionHead('const f = function () ')).toEqual({ kind: 'named', name: 'f' });
  });
});
