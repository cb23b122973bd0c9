import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { promisify } from 'node:util';
import type { IssueDetail, IssueGroupList, ReleaseDetail } from '@tarmac/server/contracts';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumForThisFile, eventually } from './support/browser.js';
import { freePort } from './support/freePort.js';

// Source maps, releases and the issue workflow end to end: the built demo and console served by
// the real server (its own, so the test can restart it as a newer release on the same data),
// Chromium throwing in the minified code, and the real tarmac-sourcemaps CLI.
const repo = new URL('../../', import.meta.url).pathname;
const token = 'releases-e2e-token';
const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-releases-'));
const browser = chromiumForThisFile();
let server: { process: ChildProcess; baseURL: string } | undefined;

afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the built server as release `version` on this file's data directory. */
async function startServer(version: string): Promise<string> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: token, R9_VERSION: version };
  const child = spawn(process.execPath, [join(repo, 'packages/server/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${baseURL}/healthz`).then((r) => r.ok, () => false)) || undefined, 100_000, `the server as ${version}\n${output}`);
  server = { process: child, baseURL };
  return baseURL;
}

async function stopServer(): Promise<void> {
  const child = server?.process;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function api<T>(baseURL: string, path: string): Promise<T> {
  const response = await fetch(`${baseURL}/console/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const findGroup = async (baseURL: string, text: string) =>
  (await api<IssueGroupList>(baseURL, `/logs/groups?limit=500&q=${encodeURIComponent(text)}`)).groups[0];

/** The 1-based line of `text` in a repository file. */
const lineOf = (file: string, text: string) => readFileSync(join(repo, file), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

const BROKEN = 'Demo: BrokenWidget failed to render';

/**
 * Opens the demo and answers its consent banner, which otherwise covers the developer panel.
 * Refused log deliveries are collected, so a wait that times out says why.
 */
async function openDemo(page: Page, baseURL: string): Promise<string[]> {
  const refused: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/log/client/messages') && response.status() !== 200) refused.push(`${response.status()} ${await response.text()}`);
  });
  await page.goto(baseURL + '/?dev=1');
  await page.getByTestId('consent-reject').click();
  await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
  return refused;
}

// A safety net against hangs, not a speed limit: each test starts a server and a browser and
// builds or loads the demo; in WebKit at load 30 on 2 cores the first took over 90 s.
const RELEASE_TEST_TIMEOUT_MS = 180_000;

describe('source maps, releases and the issue workflow', () => {
  it("shows an error thrown in the demo's built code at its original .tsx file, line and function, under its release", async () => {
    const baseURL = await startServer('e2e-r1');
    const page = await browser.newPage();
    const refused = await openDemo(page, baseURL);
    await page.getByTestId('break-component').click();
    const group = await eventually(() => findGroup(baseURL, BROKEN), 15_000, `the BrokenWidget error (refused: ${refused.join('; ')})`);
    const detail = await eventually(async () => {
      const d = await api<IssueDetail>(baseURL, `/logs/groups/${encodeURIComponent(group.groupId)}`);
      return d.resolvedStack?.frames[0]?.original ? d : undefined;
    }, 15_000, 'its resolved stack');
    const [top] = detail.resolvedStack!.frames;
    // The browser saw minified code: the developer tools chunk, loaded only with ?dev=1.
    expect(top?.minified.fileName).toMatch(/\/assets\/DevTools-[\w-]+\.js$/);
    expect(top?.original).toMatchObject({
      fileName: 'src/devtools/BrokenWidget.tsx',
      lineNo: lineOf('apps/demo/src/devtools/BrokenWidget.tsx', "throw new Error('Demo: BrokenWidget failed to render')"),
      functionName: 'BrokenWidget',
      inApp: true,
    });
    expect(top?.context?.line).toContain("throw new Error('Demo: BrokenWidget failed to render')");
    expect(detail.state).toMatchObject({ status: 'unresolved', firstRelease: 'e2e-r1', lastRelease: 'e2e-r1' });

    // The maps resolved it on the server; the browser cannot fetch them, nor is it pointed to them.
    const script = await (await fetch(top!.minified.fileName)).text();
    expect(script).not.toContain('sourceMappingURL');
    expect((await fetch(`${top!.minified.fileName}.map`)).status).toBe(404);

    // The console shows the original frame with its source, the breadcrumbs and the release.
    const consolePage = await browser.newPage();
    await consolePage.goto(`${baseURL}/console/#token=${token}`);
    await consolePage.getByTestId('log-group-row').filter({ hasText: BROKEN }).getByRole('button').first().click();
    const shown = consolePage.getByTestId('group-detail');
    const frame = shown.getByTestId('resolved-frame').first();
    await frame.getByText('BrokenWidget', { exact: true }).waitFor();
    expect(await frame.locator('.frame__head').textContent()).toContain(`src/devtools/BrokenWidget.tsx:${top!.original!.lineNo}:`);
    expect(await frame.locator('.frame__line.is-current').textContent()).toContain('throw new Error');
    expect(await shown.getByTestId('last-release').textContent()).toBe('e2e-r1');
    await shown.getByTestId('breadcrumb').filter({ hasText: 'Break a component' }).first().waitFor();
    await page.close();
    await consolePage.close();
  }, RELEASE_TEST_TIMEOUT_MS);

  it('resolves in the console, and the same error in a newer release regresses it', async () => {
    const baseURL = server!.baseURL;
    const consolePage = await browser.newPage();
    await consolePage.goto(`${baseURL}/console/#token=${token}`);
    await consolePage.getByTestId('log-group-row').filter({ hasText: BROKEN }).getByRole('button').first().click();
    await consolePage.getByTestId('group-workflow').getByRole('button', { name: 'Resolve' }).click();
    await consolePage.getByTestId('group-state').getByText('Resolved in e2e-r1').waitFor();
    const group = (await findGroup(baseURL, BROKEN))!;
    expect(group.status).toBe('resolved');
    await consolePage.close();

    await stopServer();
    const newer = await startServer('e2e-r2');
    const page = await browser.newPage();
    const refused = await openDemo(page, newer);
    await page.getByTestId('break-component').click();
    const regressed = await eventually(async () => {
      const g = await findGroup(newer, BROKEN);
      return g?.status === 'regressed' ? g : undefined;
    }, 15_000, `the group regressed (refused: ${refused.join('; ')})`);
    expect(regressed).toMatchObject({ groupId: group.groupId, regressedInRelease: 'e2e-r2', firstRelease: 'e2e-r1', lastRelease: 'e2e-r2' });
    const release = await api<ReleaseDetail>(newer, '/releases/e2e-r2');
    expect(release.regressedGroups.map((g) => g.groupId)).toEqual([group.groupId]);

    // The Releases view lists it under the newer release.
    const consoleAgain = await browser.newPage();
    await consoleAgain.goto(`${newer}/console/#token=${token}`);
    await consoleAgain.getByRole('link', { name: 'Releases' }).click();
    await consoleAgain.getByTestId('release-row').filter({ hasText: 'e2e-r2' }).getByRole('button').click();
    await consoleAgain.getByTestId('release-regressed').getByText(BROKEN).waitFor();
    await page.close();
    await consoleAgain.close();
  }, RELEASE_TEST_TIMEOUT_MS);

  it("resolves another build's frames once the CLI uploads that build's maps", async () => {
    const baseURL = server!.baseURL;
    const app = mkdtempSync(join(tmpdir(), 'tarmac-fixture-app-'));
    try {
      mkdirSync(join(app, 'src'));
      writeFileSync(join(app, 'index.html'), '<!doctype html><html><body><button id="pay">Pay</button><script type="module" src="/src/main.ts"></script></body></html>');
      writeFileSync(join(app, 'src', 'payment.ts'), [
        '// The fixture shop charges cards here.',
        'export function chargeCard(amount: number): void {',
        '  if (amount > 100) {',
        "    throw new Error('Card declined over the limit');",
        '  }',
        '}',
        '',
      ].join('\n'));
      writeFileSync(join(app, 'src', 'main.ts'), [
        "import { captureGlobalErrors, createLogger } from '@tarmac/platform/logger';",
        "import { chargeCard } from './payment';",
        "captureGlobalErrors(createLogger({ product: 'fixture-shop', flushIntervalMs: 200, context: { r9Version: 'fixture-1' } }));",
        "document.getElementById('pay')!.addEventListener('click', () => chargeCard(120));",
        '(window as unknown as { ready: boolean }).ready = true;',
        '',
      ].join('\n'));
      await build({
        root: app,
        base: '/__fixture-app/',
        logLevel: 'silent',
        configFile: false,
        resolve: { alias: { '@tarmac/platform/logger': join(repo, 'packages/platform/dist/logger/index.js') } },
        build: { outDir: join(app, 'dist'), sourcemap: 'hidden', minify: true },
      });

      const page = await browser.newPage();
      await page.route(`${baseURL}/__fixture-app/**`, async (route) => {
        const rel = normalize(new URL(route.request().url()).pathname.replace('/__fixture-app/', ''));
        if (rel.startsWith('..') || rel.endsWith('.map')) return route.fulfill({ status: 404 });
        await route.fulfill({ path: join(app, 'dist', rel) });
      });
      await page.goto(`${baseURL}/__fixture-app/index.html`);
      await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
      await page.click('#pay');
      const group = await eventually(() => findGroup(baseURL, 'Card declined over the limit'), 10_000, 'the fixture error');
      const before = await api<IssueDetail>(baseURL, `/logs/groups/${encodeURIComponent(group.groupId)}`);
      expect(before.resolvedStack?.resolvedCount).toBe(0); // no maps for fixture-1 yet

      const { stdout } = await promisify(execFile)(
        process.execPath,
        [join(repo, 'packages/server/dist/cli/sourcemaps.js'), 'upload', '--release', 'fixture-1', '--url-prefix', '~/__fixture-app/', '--server', baseURL, join(app, 'dist')],
        { env: { ...process.env, TARMAC_CONSOLE_TOKEN: token } },
      );
      expect(stdout).toMatch(/✓ ~\/__fixture-app\/assets\/index-[\w-]+\.js \(1 stored stacks of fixture-1 resolved again\)/);
      expect(stdout).toContain('Uploaded 1 source map for release fixture-1.');

      const after = await api<IssueDetail>(baseURL, `/logs/groups/${encodeURIComponent(group.groupId)}`);
      expect(after.resolvedStack?.frames[0]?.original).toMatchObject({
        fileName: 'src/payment.ts',
        lineNo: 4,
        functionName: 'chargeCard',
      });
      expect((await api<ReleaseDetail>(baseURL, '/releases/fixture-1')).artifacts).toHaveLength(1);
      await page.close();
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  }, RELEASE_TEST_TIMEOUT_MS);
});
