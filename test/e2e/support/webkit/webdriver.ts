import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { freePort } from '../freePort.js';

/** A reference to a DOM element inside a WebDriver session (one key, the web element id). */
export type ElementRef = Record<string, string>;

/** The element id inside a reference, whatever key the driver names it with. */
export function elementId(ref: ElementRef): string {
  return Object.values(ref)[0] ?? '';
}

/** Drivers still running; killed when the test process exits, whatever state a failed test left. */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** A running WebKitWebDriver (W3C WebDriver classic) on a free local port. */
export class WebKitDriverProcess {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  /** Starts WEBKIT_DRIVER_PATH (default WebKitWebDriver); its browsers open on X display `display`. */
  static async start(display: string): Promise<WebKitDriverProcess> {
    const port = await freePort();
    const env = { ...process.env, DISPLAY: display };
    const child = spawn(process.env.WEBKIT_DRIVER_PATH || 'WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', env });
    running.add(child);
    child.once('exit', () => running.delete(child));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode ?? child.signalCode})`);
      try {
        if ((await fetch(url + '/status')).ok) return new WebKitDriverProcess(url, child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops the driver (its browsers were closed with their sessions). */
  async stop(): Promise<void> {
    // A driver ended by a signal (its own crash, or an earlier stop) has a signalCode and no
    // exitCode; waiting for its 'exit' then would wait forever (it has been emitted).
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
}

/** One WebDriver session: one MiniBrowser process with its own cookies and storage. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  /** Opens MiniBrowser (with `args`, which include --automation), every request through `proxyPort`. */
  static async create(driverUrl: string, proxyPort: number, args: string[]): Promise<WebDriverSession> {
    const binary = process.env.WEBKIT_MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
    const reply = await call(driverUrl, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary, args },
          // No bypass list: 127.0.0.1 goes through the proxy too, which is what lets the tests
          // answer and watch requests (support/webkit/interceptor.ts).
          proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${proxyPort}`, noProxy: [] },
          timeouts: { script: 60_000, pageLoad: 60_000, implicit: 0 },
        },
      },
    });
    const { sessionId } = reply as { sessionId: string };
    return new WebDriverSession(`${driverUrl}/session/${sessionId}`, sessionId);
  }

  /** Sends one command; throws the driver's error with the command in its message. */
  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, timeoutMs?: number): Promise<T> {
    return call(this.base, method, path, body ?? (method === 'POST' ? {} : undefined), timeoutMs) as Promise<T>;
  }

  /** Runs `script` (a function body; `arguments` are `args`) in the current window. */
  execute<T = unknown>(script: string, args: unknown[] = []): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script, args });
  }

  /** Like `execute`, but the script calls `arguments[arguments.length - 1](result)` when done. */
  executeAsync<T = unknown>(script: string, args: unknown[] = []): Promise<T> {
    return this.command<T>('POST', '/execute/async', { script, args });
  }

  /** Ends the session, which closes its MiniBrowser. */
  async delete(): Promise<void> {
    await call(this.base, 'DELETE', '', undefined, 10_000).catch(() => undefined);
  }
}

/**
 * With WK_TRACE=<file>, every command's duration in ms, method and path (ids elided) is appended
 * there: where a slow WebKit test spends its time.
 */
function trace(startedAt: number, method: string, path: string): void {
  const file = process.env.WK_TRACE;
  if (file) appendFileSync(file, `${new Date().toISOString()} ${Date.now() - startedAt} ${method} ${path.replace(/[0-9A-Fa-f-]{20,}/g, '…')}\n`);
}

async function call(base: string, method: string, path: string, body: unknown, timeoutMs = 120_000): Promise<unknown> {
  const startedAt = Date.now();
  try {
    return await send(base, method, path, body, timeoutMs);
  } finally {
    trace(startedAt, method, path);
  }
}

async function send(base: string, method: string, path: string, body: unknown, timeoutMs = 120_000): Promise<unknown> {
  const response = await fetch(base + path, {
    method,
    signal: AbortSignal.timeout(timeoutMs),
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { value: unknown };
  const value = json.value as { error?: string; message?: string } | null;
  if (!response.ok || (value && typeof value === 'object' && 'error' in value && value.error)) {
    throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
  }
  return json.value;
}
