import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// What `npm start` runs, started the way an operator would (no CONSOLE_TOKEN: the server makes
// one and keeps it), stopped with Ctrl-C (SIGINT), and started again on the same data.
const mainJs = new URL('../../packages/server/dist/main.js', import.meta.url).pathname;
const supervisor = new URL('../../scripts/lib/superviseServer.mjs', import.meta.url).pathname;
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

/** Starts main.js, or `npm start`'s supervisor running `entry`, and waits for the startup banner. */
async function start(port: number, args: string[] = [mainJs]): Promise<{ server: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.CONSOLE_TOKEN;
  const server = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Waits for the line (or the exit); the deadline is a safety net for a very loaded machine.
  const deadline = Date.now() + 100_000;
  while (!output.includes('Console token:')) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { server, output: () => output };
}

const exited = (server: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) resolve(server.exitCode);
    else server.once('exit', (code) => resolve(code));
  });

const stopWith = (server: ChildProcess, signal: NodeJS.Signals) => {
  const exit = exited(server);
  server.kill(signal);
  return exit;
};

/** `npm start`'s supervisor (scripts/lib/superviseServer.mjs) running `entry`, as start.mjs runs it. */
const supervised = (entry: string) => ['--input-type=module', '-e', `import(${JSON.stringify(supervisor)}).then((m) => m.superviseServer(${JSON.stringify(entry)}))`];

/** A raw HTTP/1.1 connection: a promise of everything it received, settled when it closes. */
function rawConnection(port: number): { socket: Socket; received: () => string; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, received: () => received, closed };
}

const written = (socket: Socket, bytes: string) => new Promise<void>((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim();
const bodyOf = (raw: string) => raw.slice(raw.lastIndexOf('\r\n\r\n') + 4);

const logBatch = (message: string, id = 'm1') =>
  JSON.stringify({
    product: 'lifecycle', reqNo: 1,
    messages: [{ id, groupId: `g-${id}`, message, contentId: message.length, extraArgs: [], level: 4, type: 'log',
      context: {}, occurrences: 2, timestamp: Date.now(), stackTrace: [], parsedStackTrace: [] }],
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
      body: logBatch(message),
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

  it('drains on SIGTERM: the request in flight is stored and told Connection: close, a new one gets 503 with Retry-After', async () => {
    const port = await freePort();
    const { server, output } = await start(port);
    const message = `finished while draining ${Date.now()}`;
    const body = logBatch(message, 'drained');

    // A request that has begun but is not complete: it becomes a request only once the server is
    // draining. Its bytes are on the wire before the slow request's connection even opens, so the
    // server has read them (and counts the connection busy, not idle) by the time it answers that one.
    const late = rawConnection(port);
    await written(late.socket, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // The slow request: its headers reach a route (Node answers 100 Continue), half its body waits.
    const slow = rawConnection(port);
    await written(slow.socket, `POST /log/client/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`);
    await until(() => slow.received().includes('100 Continue'), 'the slow request to be under way');
    await written(slow.socket, body.slice(0, 40));

    const exit = exited(server);
    server.kill('SIGTERM');
    await until(() => output().includes('Draining:'), 'the server to start draining');

    await written(late.socket, '\r\n');
    const refused = await late.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(headerOf(refused, 'retry-after')).toMatch(/^[1-9]\d*$/);
    expect(headerOf(refused, 'connection')).toBe('close');
    expect(JSON.parse(bodyOf(refused))).toMatchObject({ statusCode: 503, code: 'TARMAC_SHUTTING_DOWN' });

    await written(slow.socket, body.slice(40));
    const finished = await slow.closed;
    expect(finished).toMatch(/HTTP\/1\.1 200 /);
    expect(headerOf(finished.slice(finished.indexOf('HTTP/1.1 200')), 'connection')).toBe('close');
    expect(await exit).toBe(0);

    // What the drained request was acknowledged for is there after a restart.
    const again = await start(port);
    const token = /Console token: (\S+)/.exec(again.output())?.[1] ?? '';
    const stored = await fetch(`http://127.0.0.1:${port}/console/api/logs/groups?q=${encodeURIComponent(message)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await stored.json()) as { groups: { message: string }[] }).groups).toMatchObject([{ message }]);
    expect(await stopWith(again.server, 'SIGINT')).toBe(0);
  });
});

describe("`npm start`'s exit status", () => {
  it('is 0 after Ctrl-C, 128 + 9 when the server is SIGKILLed, and the exit code of a crashed server', async () => {
    const port = await freePort();
    const clean = await start(port, supervised(mainJs));
    expect(await stopWith(clean.server, 'SIGINT')).toBe(0);

    const killed = await start(port, supervised(mainJs));
    // The server's own log lines carry its pid (the supervisor's child).
    const pid = Number(/"pid":(\d+)/.exec(killed.output())?.[1]);
    expect(pid).not.toBe(killed.server.pid);
    const exit = exited(killed.server);
    process.kill(pid, 'SIGKILL');
    expect(await exit).toBe(137);

    const crashing = join(dataDir, 'crash.mjs');
    writeFileSync(crashing, "console.log('Console token: none'); setTimeout(() => { throw new Error('boom'); }, 200);");
    const crashed = await start(port, supervised(crashing));
    expect(await exited(crashed.server)).toBe(1);
  });
});
