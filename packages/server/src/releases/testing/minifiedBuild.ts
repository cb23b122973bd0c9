import { transformSync } from 'esbuild';
import { runInNewContext } from 'node:vm';
import type { StackFrame } from '../../logs/contract.js';

/** The original source of the fixture, as a site's developer wrote it. */
export const CHECKOUT_SOURCE = `// Checkout helpers of a fixture site.
export interface Cart {
  items: number[];
}

export function checkoutTotal(cart: Cart): number {
  const total = cart.items.reduce((sum, price) => sum + price, 0);
  if (total > 100) {
    throw new Error('Cart total over the limit');
  }
  return total;
}

export const submitOrder = (cart: Cart) => {
  const total = checkoutTotal(cart);
  return { ok: true, total };
};
`;

/** Where the original file sits in the fixture's repository, as the map names it. */
export const CHECKOUT_FILE = 'src/checkout.ts';

/** A minified build of the fixture with its map, and the frames of an error it really throws. */
export interface MinifiedBuild {
  code: string;
  map: Record<string, unknown> & { sources: string[] };
  frames: StackFrame[];
  stackTrace: string[];
}

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * Minifies the fixture with esbuild (a map with its sources inside) and runs it as the file
 * `url`, so the frames are the ones V8 reports for the minified code. `banner` shifts the code
 * the way a different build of the same source would.
 */
export function minifiedBuild(url: string, banner = ''): MinifiedBuild {
  const out = transformSync(CHECKOUT_SOURCE, {
    loader: 'ts',
    minify: true,
    format: 'iife',
    globalName: 'fixture',
    sourcemap: 'external',
    sourcefile: `../../${CHECKOUT_FILE}`,
    sourcesContent: true,
    banner,
  });
  const context: { fixture?: { submitOrder(cart: { items: number[] }): unknown }; error?: Error } = {};
  runInNewContext(`${out.code}\ntry { fixture.submitOrder({ items: [80, 40] }) } catch (e) { error = e }`, context, { filename: url });
  const stackTrace = (context.error?.stack ?? '').split('\n').slice(1).map((line) => line.trim());
  const frames = stackTrace
    .map((line) => FRAME.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2] === url)
    .map((m) => ({ ...(m[1] ? { functionName: m[1] } : {}), fileName: m[2]!, lineNo: Number(m[3]), colNo: Number(m[4]) }));
  return { code: out.code, map: JSON.parse(out.map) as MinifiedBuild['map'], frames, stackTrace };
}
