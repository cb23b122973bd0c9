// `npm start`: install what is missing, build what is not built, then run the server in the
// foreground. Ctrl-C reaches the server, which closes the database before it exits.
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { ensureDeps } from './lib/ensureDeps.mjs';
import { build } from './lib/build.mjs';
import { root, step } from './lib/run.mjs';

await ensureDeps();
await build({ onlyStale: true });

step('Starting the Tarmac server');
const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// The terminal sends SIGINT to the whole process group; we only wait for the server's own exit
// so the database is closed before this script ends.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
