import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssueDetail } from '../issues/contract.js';
import { minifiedBuild } from '../releases/testing/minifiedBuild.js';
import { clientLogMessage } from '../testing/fixtures.js';
import { TEST_CONSOLE_TOKEN, consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';
import { findMaps, normalizePrefix, uploadSourceMaps } from './uploadSourceMaps.js';

const t = testAppForEachTest();
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tarmac-cli-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** `fetch` answered by the test app, so the CLI's requests go through every real route check. */
const appFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const reply = await t.app.inject({
    method: init?.method as 'POST',
    url: url.pathname,
    headers: init?.headers as Record<string, string>,
    payload: init?.body as string,
  });
  return new Response(reply.body, { status: reply.statusCode });
};

/** A build folder as a bundler leaves it: scripts, their maps, a nested chunk, a stylesheet map. */
function writeBuild(): ReturnType<typeof minifiedBuild> {
  const build = minifiedBuild('https://shop.test/static/assets/app-1a2b3c4d.js');
  mkdirSync(join(dir, 'assets', 'chunks'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'app-1a2b3c4d.js'), build.code);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c4d.js.map'), JSON.stringify(build.map));
  writeFileSync(join(dir, 'assets', 'chunks', 'lazy-0f0f0f0f.mjs.map'), JSON.stringify(build.map));
  writeFileSync(join(dir, 'assets', 'app.css.map'), '{}');
  return build;
}

describe('tarmac-sourcemaps upload', () => {
  it('finds every script map under the folder, each at its URL under the prefix', async () => {
    writeBuild();
    expect(await findMaps(dir, '~/static')).toEqual([
      { path: join(dir, 'assets', 'app-1a2b3c4d.js.map'), url: '~/static/assets/app-1a2b3c4d.js' },
      { path: join(dir, 'assets', 'chunks', 'lazy-0f0f0f0f.mjs.map'), url: '~/static/assets/chunks/lazy-0f0f0f0f.mjs' },
    ]);
    expect(() => normalizePrefix('static/')).toThrow(/--url-prefix/);
  });

  it("uploads the maps and the server resolves the release's stored frames with them", async () => {
    const build = writeBuild();
    await postJson(t.app, '/log/client/messages', {
      product: 'shop',
      reqNo: 1,
      messages: [clientLogMessage({ context: { r9Version: 'shop-7' }, parsedStackTrace: build.frames })],
    });
    const lines: string[] = [];
    const count = await uploadSourceMaps({ dir, release: 'shop-7', urlPrefix: '~/static/', server: 'http://tarmac.test/', token: TEST_CONSOLE_TOKEN, fetch: appFetch, log: (l) => lines.push(l) });
    expect(count).toBe(2);
    expect(lines[0]).toBe('✓ ~/static/assets/app-1a2b3c4d.js (1 stored stacks of shop-7 resolved again)');
    const detail = (await t.app.inject({ url: '/console/api/logs/groups/shop:g-1', headers: consoleAuth })).json<IssueDetail>();
    expect(detail.resolvedStack?.frames[0]?.original).toMatchObject({ fileName: 'src/checkout.ts', functionName: 'checkoutTotal' });
  });

  it("stops with the server's reason when it refuses", async () => {
    writeBuild();
    const run = uploadSourceMaps({ dir, release: 'shop-7', urlPrefix: '~/static/', server: 'http://tarmac.test', token: 'wrong', fetch: appFetch, log: () => {} });
    await expect(run).rejects.toThrow(/^~\/static\/assets\/app-1a2b3c4d\.js: 401 /);
    expect(await t.storage.query.sourceMaps.findArtifact('shop-7', ['~/static/assets/app-1a2b3c4d.js'])).toBeNull();
  });
});
