import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlertRule, IssueGroupList } from '@tarmac/server/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForThisFile, eventually } from './support/browser.js';
import { freePort } from './support/freePort.js';

// Alerts end to end: rules made in the console's Alerts view, the demo's error in Chromium, the
// issue workflow, and a local webhook receiver checking every delivery's signature. The server
// is this file's own, so it can be restarted as a newer release on the same data.
const repo = new URL('../../', import.meta.url).pathname;
const token = 'alerts-e2e-token';
const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-alerts-'));
const browser = chromiumForThisFile();
let server: ChildProcess | undefined;
let baseURL = '';

/** A tiny webhook receiver: keeps every request with its exact body. */
const received: Array<{ headers: IncomingHttpHeaders; raw: string; body: { kind: string; summary: string; group?: { release: string | null } } }> = [];
let receiver: Server;
let receiverURL = '';
beforeAll(async () => {
  receiver = createHttpServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) as (typeof received)[number]['body'] });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tarmac`;
});
afterAll(async () => {
  await stopServer();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(version: string): Promise<void> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: token, R9_VERSION: version };
  server = spawn(process.execPath, [join(repo, 'packages/server/dist/main.js')], { env, stdio: 'ignore' });
  baseURL = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${baseURL}/healthz`).then((r) => r.ok, () => false)) || undefined, 20_000, `the server as ${version}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL}/console/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const BROKEN = 'Demo: BrokenWidget failed to render';

/** Breaks the demo's widget in a fresh page, past its consent banner. */
async function breakDemo(): Promise<void> {
  const page = await browser.newPage();
  await page.goto(baseURL + '/?dev=1');
  await page.getByTestId('consent-reject').click();
  await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
  // Waits for this break's occurrence, not just for the group: in the second release the group
  // exists already, and closing the page before the widget has thrown would send nothing.
  const count = async () => (await api<IssueGroupList>(`/logs/groups?q=${encodeURIComponent(BROKEN)}`)).groups[0]?.count ?? 0;
  const before = await count();
  await page.getByTestId('break-component').click();
  await eventually(async () => ((await count()) > before ? true : undefined), 10_000, 'the error stored');
  await page.close();
}

/** Waits for a delivery of `kind` and checks its signature with `secret`. */
async function delivered(kind: string, secret: string) {
  const delivery = await eventually(async () => received.find((r) => r.body.kind === kind), 10_000, `a ${kind} alert at the receiver`);
  const timestamp = String(delivery.headers['x-tarmac-timestamp']);
  expect(delivery.headers['x-tarmac-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.raw}`).digest('hex')}`);
  return delivery;
}

async function openAlerts(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${baseURL}/console/#token=${token}`);
  await page.getByRole('link', { name: 'Alerts' }).click();
  await page.getByTestId('alert-rules').waitFor();
  return page;
}

describe('alerts with a local webhook receiver', () => {
  let regressionSecret = '';
  const newGroupSecret = 'new-group-secret-0123456789';

  it('makes a rule in the Alerts view and delivers a signed alert about a new group', async () => {
    await startServer('alerts-r1');
    const page = await openAlerts();
    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New alert rule' });
    await form.locator('[name="name"]').fill('Regressions');
    await form.locator('[name="kind"]').selectOption('regression');
    await form.locator('[name="webhookUrl"]').fill(receiverURL);
    await form.getByRole('button', { name: 'Generate' }).click();
    regressionSecret = await form.locator('[name="secret"]').inputValue();
    expect(regressionSecret.length).toBeGreaterThanOrEqual(16);
    await form.getByRole('button', { name: 'Create rule' }).click();
    await page.getByTestId('alert-rule').filter({ hasText: 'Regressions' }).waitFor();
    expect(await page.getByTestId('alert-rules').textContent()).not.toContain(regressionSecret);
    await api<AlertRule>('/alerts/rules', { method: 'POST', body: JSON.stringify({ name: 'New errors', kind: 'new-group', webhookUrl: receiverURL, secret: newGroupSecret }) });

    await breakDemo();
    const alert = await delivered('new-group', newGroupSecret);
    expect(alert.body).toMatchObject({ summary: `New error in demo in alerts-r1: ${BROKEN}`, group: { release: 'alerts-r1' } });
    expect(received.filter((r) => r.body.kind === 'regression')).toEqual([]);
    await page.close();
  });

  it('resolve → the same error in a newer release → regressed, and the alert reaches the receiver and the history', async () => {
    const group = (await api<IssueGroupList>(`/logs/groups?q=${encodeURIComponent(BROKEN)}`)).groups[0]!;
    await api(`/logs/groups/${encodeURIComponent(group.groupId)}/status`, { method: 'PUT', body: JSON.stringify({ status: 'resolved' }) });
    await stopServer();
    await startServer('alerts-r2');
    await breakDemo();
    const alert = await delivered('regression', regressionSecret);
    expect(alert.body).toMatchObject({ summary: `Regressed in alerts-r2 (demo): ${BROKEN}`, group: { release: 'alerts-r2' } });
    expect(received.filter((r) => r.body.kind === 'new-group')).toHaveLength(1); // not new a second time

    const page = await openAlerts();
    const row = page.getByTestId('alert-delivery').filter({ hasText: 'Regressed in alerts-r2' });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('delivered');
    expect(await row.textContent()).toContain('HTTP 204');
    await page.close();
  });
});
