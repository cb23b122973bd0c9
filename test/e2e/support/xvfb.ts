import { spawn } from 'node:child_process';

/** A virtual X display for WebKitGTK, which (unlike headless Chromium and Firefox) needs one. */
export type VirtualDisplay = { display: string; stop: () => Promise<void> };

/**
 * Starts Xvfb (XVFB_PATH, default Xvfb) on a display number it picks itself (-displayfd), so
 * parallel runs on one machine never collide.
 */
export function startXvfb(): Promise<VirtualDisplay> {
  const child = spawn(process.env.XVFB_PATH || 'Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    // A safety net, not a speed limit: at load 30 on 2 cores Xvfb once took over 10 s to start.
    const timer = setTimeout(() => fail(new Error('Xvfb did not report a display within 60 s')), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${errors}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Xvfb exited with code ${code}`)));
    let number = '';
    const fd3 = child.stdio[3] as NodeJS.ReadableStream;
    fd3.on('data', (chunk: Buffer) => {
      number += chunk.toString();
      if (!number.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        display: ':' + number.trim(),
        stop: async () => {
          if (child.exitCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
