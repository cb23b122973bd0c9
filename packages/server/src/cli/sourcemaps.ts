#!/usr/bin/env node
// `tarmac-sourcemaps upload --release <r> --url-prefix <p> [--server <url>] <dir>`: uploads a
// build's source maps to a Tarmac server (docs/releases.md). The console token comes from the
// environment (TARMAC_CONSOLE_TOKEN), never from an argument, where `ps` and shell history would
// show it.
import { parseArgs } from 'node:util';
import { uploadSourceMaps } from './uploadSourceMaps.js';

const USAGE = `Usage: tarmac-sourcemaps upload --release <release> --url-prefix <prefix> [--server <url>] <dir>

  --release     the release the build is deployed as (its r9-version)
  --url-prefix  what the built files' URLs start with: ~/assets/ for any origin,
                or an absolute URL such as https://cdn.example.com/app/
  --server      the Tarmac server (default: $TARMAC_SERVER or http://localhost:8080)

  The console token is read from TARMAC_CONSOLE_TOKEN.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      release: { type: 'string' },
      'url-prefix': { type: 'string' },
      server: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, dir, ...rest] = positionals;
  if (values.help || command !== 'upload' || !dir || rest.length > 0 || !values.release || !values['url-prefix']) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const token = process.env.TARMAC_CONSOLE_TOKEN;
  if (!token) {
    console.error('TARMAC_CONSOLE_TOKEN is not set: the upload needs the console token.');
    return 2;
  }
  const count = await uploadSourceMaps({
    dir,
    release: values.release,
    urlPrefix: values['url-prefix'],
    server: values.server ?? process.env.TARMAC_SERVER ?? 'http://localhost:8080',
    token,
  });
  console.log(`Uploaded ${count} source map${count === 1 ? '' : 's'} for release ${values.release}.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`tarmac-sourcemaps: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
