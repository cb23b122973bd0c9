// `npm start`: install what is missing, build what is not built, then run the server in the
// foreground. Ctrl-C reaches the server, which closes the database before it exits; this script
// then exits 0, or non-zero when the server crashed or was killed (scripts/lib/superviseServer.mjs).
import { join } from 'node:path';
import { ensureDeps } from './lib/ensureDeps.mjs';
import { build } from './lib/build.mjs';
import { root, step } from './lib/run.mjs';
import { superviseServer } from './lib/superviseServer.mjs';

await ensureDeps();
await build({ onlyStale: true });

step('Starting the Tarmac server');
superviseServer(join(root, 'packages/server/dist/main.js'), { cwd: root });
