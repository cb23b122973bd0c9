import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/privateServices.mjs';
import { waitFor } from './waitFor.js';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const mainJs = join(repoRoot, 'packages/server/dist/main.js');
const OUTPUT_KEPT = 20_000;

/** One server process (`node packages/server/dist/main.js`) on a port that stays its own. */
export interface Instance {
  name: string;
  port: number;
  url: string;
  /** Starts the process and resolves once /healthz answers 200. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no draining, requests in flight cut. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the server's own clean shutdown. */
  stop(): Promise<void>;
  running(): boolean;
  output(): string;
}

// Every instance still running when the test process exits dies with it.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Prepares an instance with `env` on top of the test's environment and a data directory of its
 * own (which a PostgreSQL-backed instance should not need for anything shared).
 */
export async function createInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `tarmac-topo-${name}-`));
  let child: ChildProcess | undefined;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  const running = () => !!child && child.exitCode === null && child.signalCode === null;

  return {
    name,
    port,
    url,
    running,
    output: () => output,
    async start() {
      if (running()) throw new Error(`${name} is already running`);
      const started = spawn(process.execPath, [mainJs], {
        cwd: repoRoot,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      children.add(started);
      started.once('exit', () => children.delete(started));
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      await waitFor(
        async () => {
          if (!running()) throw new Error(`${name} exited (${started.exitCode ?? started.signalCode}) while starting:\n${output}`);
          const reply = await fetch(`${url}/healthz`).catch(() => undefined);
          return reply?.ok ? true : undefined;
        },
        { timeoutMs: 60_000, what: `${name} healthy at ${url}` },
      );
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await ended(child);
    },
    async stop() {
      if (child && running()) {
        const exiting = ended(child);
        child.kill('SIGTERM');
        const force = setTimeout(() => child?.kill('SIGKILL'), 20_000);
        await exiting;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
