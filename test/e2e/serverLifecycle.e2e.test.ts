import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// What `npm start` runs, started the way an operator would (no CONSOLE_TOKEN: the server makes
// one and keeps it), stopped with Ctrl-C (SIGINT), and started again on the same data.
const mainJs = new URL('../../packages/server/dist/main.js', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function start(port: number): Promise<{ server: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.CONSOLE_TOKEN;
  const server = spawn(process.execPath, [mainJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 15_000;
  while (!output.includes('Console token:')) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { server, output: () => output };
}

const stopWith = (server: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<number | null>((resolve) => {
    server.once('exit', (code) => resolve(code));
    server.kill(signal);
  });

describe('the server as `npm start` runs it', () => {
  it('prints its URLs and token, stops cleanly on Ctrl-C and keeps data and token across restarts', async () => {
    const port = await freePort();
    const first = await start(port);
    const printed = first.output();
    const token = /Console token: (\S+)/.exec(printed)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(printed).toContain(`Site:          http://localhost:${port}/`);
    expect(printed).toContain(`Console:       http://localhost:${port}/console/#token=${token}`);

    const message = `kept across restarts ${Date.now()}`;
    const posted = await fetch(`http://127.0.0.1:${port}/log/client/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        product: 'lifecycle', reqNo: 1,
        messages: [{ id: 'm1', groupId: 'g1', message, contentId: message.length, extraArgs: [], level: 4, type: 'log',
          context: {}, occurrences: 2, timestamp: Date.now(), stackTrace: [], parsedStackTrace: [] }],
      }),
    });
    expect(posted.status).toBe(200);
    expect(existsSync(join(dataDir, 'tarmac.db-wal'))).toBe(true); // open, in WAL mode

    expect(await stopWith(first.server, 'SIGINT')).toBe(0);
    // A cleanly closed SQLite database in WAL mode has checkpointed and removed its -wal file.
    expect(existsSync(join(dataDir, 'tarmac.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'tarmac.db-wal'))).toBe(false);

    const second = await start(port);
    expect(second.output()).toContain(`Console token: ${token}`);
    const response = await fetch(`http://127.0.0.1:${port}/console/api/logs/groups?q=${encodeURIComponent(message)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { groups } = (await response.json()) as { groups: { message: string; count: number }[] };
    expect(groups).toMatchObject([{ message, count: 2 }]);
    expect(await stopWith(second.server, 'SIGTERM')).toBe(0);
  });
});
