import { createHash } from 'node:crypto';
import type { IssueDetail } from '@tarmac/server/contracts';
import { build } from 'esbuild';
import { describe, expect, inject, it } from 'vitest';
import { browserForThisFile, engine, eventually, openFixture } from './support/browser.js';
import { consoleApi, logGroups } from './support/consoleApi.js';

// The same error thrown in this run's engine (npm test runs the file in Chromium, Firefox ESR and
// WebKitGTK) from a minified bundle whose source map was uploaded for the page's release: each
// engine prints its own stack, and every one must land in the one group of the original place.
const baseURL = inject('baseURL');
const browser = browserForThisFile();
const RELEASE = 'stacks-e2e-1';
const PRODUCT = 'e2e-stacks';
const MESSAGE = 'Fare without a price';
const SOURCE = `export function renderFares(fares) {
  return fares.map((fare) => {
    if (!fare.price) throw new Error(${JSON.stringify(MESSAGE)});
    return fare.price.amount;
  });
}
window.renderFares = renderFares;
`;

/**
 * The group the server gives a stack that resolved through source maps: product, level, message,
 * original file and enclosing function (placeGroupId in packages/server/src/releases). The same
 * in every engine's run, so three runs that each land in it found one group.
 */
const placeGroup = (fileName: string, functionName: string) =>
  `${PRODUCT}:s-${createHash('sha256').update([4, MESSAGE, fileName, functionName].join('\n')).digest('hex').slice(0, 20)}`;

describe(`one error, one group, in ${engine}`, () => {
  it('resolves the stack this engine prints to the original line, in the group every engine lands in', async () => {
    const bundle = await build({
      stdin: { contents: SOURCE, sourcefile: 'src/fares.js', loader: 'js' },
      bundle: true, minify: true, format: 'iife', sourcemap: 'external', outfile: 'fares.min.js', write: false, logLevel: 'silent',
    });
    const file = (suffix: string) => new TextDecoder().decode(bundle.outputFiles.find((f) => f.path.endsWith(suffix))!.contents);
    const sourceMap = JSON.parse(file('.js.map')) as { sources: string[] };
    expect(sourceMap.sources).toEqual(['src/fares.js']);
    await consoleApi(`/releases/${RELEASE}/artifacts`, { method: 'POST', body: JSON.stringify({ artifacts: [{ url: '~/__fixture/fares.min.js', sourceMap }] }) });

    const page = await browser.newPage();
    await page.route(`${baseURL}/__fixture/fares.min.js`, (route) => route.fulfill({ body: file('fares.min.js'), contentType: 'text/javascript' }));
    await openFixture(page, baseURL, 'stacks', `
      <script src="/__fixture/fares.min.js"></script>
      <script type="module">
        import { createLogger } from '/__platform/logger/index.js';
        const logger = createLogger({ product: '${PRODUCT}', flushIntervalMs: 100, context: { r9Version: '${RELEASE}' } });
        try {
          window.renderFares([{ price: { amount: 1 } }, {}]);
        } catch (error) {
          logger.error(error);
        }
      </script>`);

    const group = await eventually(async () => (await logGroups(MESSAGE))[0], 10_000, `the ${engine} error in the console API`);
    expect(group.groupId).toBe(placeGroup('src/fares.js', 'renderFares'));
    const detail = await consoleApi<IssueDetail>(`/logs/groups/${encodeURIComponent(group.groupId)}`);
    // The top frame is the anonymous arrow: each engine names it its own way or not at all.
    expect(detail.parsedStackTrace[0]).toMatchObject({ fileName: `${baseURL}/__fixture/fares.min.js`, lineNo: 1 });
    expect(detail.resolvedStack?.frames[0]?.original).toMatchObject({ fileName: 'src/fares.js', lineNo: 3, functionName: 'renderFares', inApp: true });
    await page.close();
  });
});
