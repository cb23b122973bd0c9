import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TCString } from '@iabtechlabtcf/core';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile } from './support/browser.js';
import { freePort } from './support/freePort.js';

// Re-consent depends on the server's settings and vendor list, so this file runs its own built
// server (as `npm start` does) and restarts it on the same database with other settings.
const repoRoot = new URL('../../', import.meta.url).pathname;
const browser = chromiumForThisFile();
const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-e2e-reconsent-'));
const consoleToken = 'e2e-reconsent-' + Math.random().toString(36).slice(2);
const gvl = JSON.parse(readFileSync(join(repoRoot, 'packages/server/gvl/vendor-list.json'), 'utf8')) as {
  vendorListVersion: number;
  tcfPolicyVersion: number;
  vendors: Record<string, { id: number; name: string }>;
};
let server: ChildProcess | undefined;
let baseURL = '';

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function stop() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** (Re)starts the server on the same data directory and port with these consent settings. */
async function start(env: Record<string, string>) {
  await stop();
  const port = baseURL ? Number(new URL(baseURL).port) : await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(repoRoot, 'packages/server/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: consoleToken, ...env },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(baseURL + '/healthz')).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || tries > 200) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A vendor list file: the shipped one, as version `version`, with `extra` vendors added. */
function listFile(version: number, extra: { id: number; name: string }[] = [], policy = gvl.tcfPolicyVersion): string {
  const template = Object.values(gvl.vendors)[0]!;
  const list = { ...gvl, vendorListVersion: version, tcfPolicyVersion: policy, vendors: { ...gvl.vendors } };
  for (const v of extra) list.vendors[String(v.id)] = { ...template, ...v };
  const file = join(dataDir, `vendor-list-${version}.json`);
  writeFileSync(file, JSON.stringify(list));
  return file;
}

/** Loads the demo; resolves with the banner's partner count, or null when no banner comes. */
async function visit(page: Page): Promise<number | null> {
  await page.goto(baseURL + '/?locale=en');
  const status = await page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        (window as unknown as { __tcfapi: (c: string, v: number, cb: (d: { eventStatus: string }) => void) => void }).__tcfapi('addEventListener', 2, (d) => resolve(d.eventStatus)),
      ),
  );
  if (status !== 'cmpuishown') return null;
  const intro = await page.getByTestId('consent-intro').textContent();
  return Number(/our (\d+) partners/.exec(intro ?? '')?.[1]);
}
type Tcf = (command: string, version: number, callback: (value: never, ok: boolean) => void, parameter?: unknown) => void;
/** What `command` answers in the page, through the real `__tcfapi`. */
const ask = <T>(page: Page, command: string) =>
  page.evaluate((c) => new Promise<T>((resolve) => (window as unknown as { __tcfapi: Tcf }).__tcfapi(c, 2, resolve)), command);
const trueIds = (flags: Record<string, boolean>) => Object.keys(flags).filter((id) => flags[id]).map(Number);
async function choose(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
}

/** The console's Consent view, signed in, and the re-consent count it shows for a reason. */
async function consentView() {
  const consolePage = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await consolePage.goto(`${baseURL}/console/#token=${consoleToken}`);
  await consolePage.getByTestId('log-groups').waitFor();
  await consolePage.evaluate(() => (location.hash = '#/consent'));
  const reconsents = consolePage.getByTestId('consent-reconsents');
  await reconsents.waitFor();
  const count = async (reason: string) => Number(await reconsents.locator(`[data-reason="${reason}"] strong`).textContent());
  return { consolePage, count };
}

describe('re-consent against the real server', () => {
  it('asks again when the site adds a vendor and when a new vendor list brings one it uses, not for a list update alone; the console counts both', async () => {
    const [a, b, c] = Object.values(gvl.vendors).map((v) => v.id);
    const page = await browser.newPage();
    // 1099 is named by the site but is not in the list yet: it is not shown.
    await start({ TARMAC_CONSENT_VENDORS: `${a},${b},1099` });
    expect(await visit(page)).toBe(2);
    await choose(page, 'consent-accept');
    expect(await visit(page)).toBeNull();

    // The site adds a vendor: asked again, with three partners now.
    await start({ TARMAC_CONSENT_VENDORS: `${a},${b},${c},1099` });
    expect(await visit(page)).toBe(3);
    await choose(page, 'consent-reject');
    expect(await visit(page)).toBeNull();

    // A new list version brings 1099: asked again, four partners.
    const withNewVendor = listFile(gvl.vendorListVersion + 1, [{ id: 1099, name: 'Tailwind Retargeting' }]);
    await start({ TARMAC_CONSENT_VENDORS: `${a},${b},${c},1099`, TARMAC_GVL: withNewVendor });
    expect(await visit(page)).toBe(4);
    await choose(page, 'consent-accept');

    // A later list version with nothing new for this site keeps the choice.
    const updateOnly = listFile(gvl.vendorListVersion + 2, [{ id: 1099, name: 'Tailwind Retargeting' }]);
    await start({ TARMAC_CONSENT_VENDORS: `${a},${b},${c},1099`, TARMAC_GVL: updateOnly });
    expect(await visit(page)).toBeNull();

    // The console's Consent view: re-consents by reason and choices per vendor.
    const { consolePage, count } = await consentView();
    expect(await count('site_vendors')).toBe(1);
    expect(await count('gvl_vendors')).toBe(1);
    expect(await count('expired')).toBe(0);
    const vendors = consolePage.getByTestId('consent-vendors');
    expect(await vendors.locator('tbody tr').count()).toBe(4);
    // The visitor's last choice of the day was "accept all": every vendor asking consent has it.
    expect(await vendors.locator(`tr[data-vendor="1099"] td`).nth(1).textContent()).toBe('100% (1)');
    expect(await vendors.locator(`tr[data-vendor="1099"] td`).first().textContent()).toMatch(/Tailwind Retargeting/);
    await consolePage.close();
    await page.close();
  });

  it('asks again once a choice is older than the default 13 months, and the console counts it as expired', async () => {
    const page = await browser.newPage();
    await start({});
    expect(await visit(page)).not.toBeNull();
    await choose(page, 'consent-accept');
    expect(await visit(page)).toBeNull();

    // Fourteen months pass for this visitor's choices (the server is stopped while the clock of
    // its database is turned back; the real server has no clock to push forward).
    await stop();
    const db = new Database(join(dataDir, 'tarmac.db'));
    const fourteenMonths = 14 * 31 * 86_400_000;
    db.prepare('UPDATE consent_choices SET created_at = created_at - ?').run(fourteenMonths);
    db.close();
    await start({});
    expect(await visit(page)).not.toBeNull();
    await choose(page, 'consent-reject');
    expect(await visit(page)).toBeNull();

    const { consolePage, count } = await consentView();
    expect(await count('expired')).toBe(1);
    await consolePage.close();
    await page.close();
  });

  it('TCF 2.3: a choice made under policy 4 is asked again on the policy 5 list, and the strings disclose only the site’s vendors', async () => {
    const ids = Object.values(gvl.vendors).map((v) => v.id);
    const site = [ids[0]!, ids[2]!];
    const page = await browser.newPage();
    // A TCF 2.2 list (policy 4), the site narrowed to two of its six vendors.
    await start({ TARMAC_CONSENT_VENDORS: site.join(','), TARMAC_GVL: listFile(gvl.vendorListVersion, [], 4) });
    expect(await visit(page)).toBe(2);
    await choose(page, 'consent-accept');
    const old = await ask<{ tcString: string }>(page, 'getTCData');
    expect(TCString.decode(old.tcString).policyVersion).toBe(4);

    // The shipped list (policy 5): the choice predates the policy, so the banner comes back.
    await start({ TARMAC_CONSENT_VENDORS: site.join(',') });
    expect(await visit(page)).toBe(2);
    type TcData = { tcString: string; tcfPolicyVersion: number; vendor: { disclosedVendors: Record<string, boolean> } };
    const before = await ask<TcData>(page, 'getTCData');
    expect(before.tcfPolicyVersion).toBe(5);
    expect(trueIds(before.vendor.disclosedVendors)).toEqual(site);
    await choose(page, 'consent-reject');
    const after = await ask<TcData>(page, 'getTCData');
    expect(trueIds(after.vendor.disclosedVendors)).toEqual(site);
    // The string itself, decoded by the IAB library: policy 5 and the DisclosedVendors segment.
    const model = TCString.decode(after.tcString);
    expect(model.policyVersion).toBe(5);
    expect([...model.vendorsDisclosed.values()]).toEqual(site);
    expect(await ask<{ apiVersion: string; tcfPolicyVersion: number }>(page, 'ping')).toMatchObject({ apiVersion: '2.2', tcfPolicyVersion: 5 });
    expect(await visit(page)).toBeNull();

    const { consolePage, count } = await consentView();
    expect(await count('policy')).toBe(1);
    await consolePage.close();
    await page.close();
  });
});
