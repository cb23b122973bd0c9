// Runs the server in the foreground for `npm start` and ends with an exit status that tells the
// truth about how the server ended. Only Node's standard library: it runs before anything else.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * The status to exit with once the server has ended: its own exit code (0 after a clean Ctrl-C
 * or SIGTERM, which main.ts handles; 1 after a crash or a failed start), or 128 + n when it died
 * of signal n (kill -9, the out-of-memory killer, a signal before its handlers were installed),
 * the shell's convention, so a supervisor or CI sees the death instead of a success.
 */
export function exitStatusFor(code, signal) {
  if (code !== null) return code;
  return 128 + (constants.signals[signal] ?? 0);
}

/**
 * Starts `node <entry>` with inherited stdio and mirrors its end. SIGINT and SIGTERM sent to this
 * script are passed on (the terminal sends Ctrl-C to both anyway; main.ts stops once), and this
 * script waits for the server, so the database is closed before the shell prompt returns.
 */
export function superviseServer(entry, options = {}) {
  const server = spawn(process.execPath, [entry], { stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('error', (error) => {
    console.error(`✗ could not start the server: ${error.message}`);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (signal) console.error(`✗ the server was killed by ${signal}`);
    process.exit(exitStatusFor(code, signal));
  });
  return server;
}
