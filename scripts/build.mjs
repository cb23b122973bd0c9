// `npm run build`: everything the server serves and the public packages export.
import { ensureDeps } from './lib/ensureDeps.mjs';
import { build } from './lib/build.mjs';

await ensureDeps();
await build();
