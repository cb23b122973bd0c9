import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startXvfb, type VirtualDisplay } from './xvfb.js';
import { freePort } from './freePort.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    consoleToken: string;
  }
}

const repoRoot = new URL('../../../', import.meta.url).pathname;

async function waitForHealth(baseURL: string, server: ChildProcess): Promise<void> {
  // Polls until the server answers; the deadline is only a safety net, far above a quiet start
  // (under 1 s), because a start on a loaded machine (load 15 on 2 cores) took over 20 s, and at
  // load 30 one was not up after 90 s.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy at ${baseURL}`);
}

/**
 * Starts the production server exactly as `npm start` does (its built main.js), on a free port and
 * a throw-away data directory, so the browser tests exercise the real thing end to end.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-e2e-'));
  const port = await freePort();
  const consoleToken = 'e2e-console-token-' + Math.random().toString(36).slice(2);
  const server = spawn(process.execPath, [join(repoRoot, 'packages/server/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: consoleToken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  project.provide('baseURL', baseURL);
  project.provide('consoleToken', consoleToken);
  // WebKitGTK opens real windows: a virtual display of this run's own, stopped at the end.
  let xvfb: VirtualDisplay | undefined;
  if (process.env.E2E_ENGINE === 'webkit') {
    xvfb = await startXvfb().catch((error: unknown) => {
      server.kill('SIGKILL');
      throw error;
    });
    project.provide('display', xvfb.display);
  }

  return async () => {
    await xvfb?.stop();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
