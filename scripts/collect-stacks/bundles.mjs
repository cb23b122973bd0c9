// Builds throwers.js the ways sites ship code: as written (ES module), and bundled by esbuild,
// Vite (Rollup) and webpack (production with a source map, development with eval'd modules).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';

const here = new URL('.', import.meta.url).pathname;
const throwers = join(here, 'throwers.js');

// Entries sit beside a copy of throwers.js in `out/src`, so the maps name "src/throwers.js"
// wherever the repository is checked out.
const entry = (dir, bundle) => {
  const file = join(dir, `entry-${bundle}.js`);
  writeFileSync(file, `import { report } from './throwers.js';\nreport(${JSON.stringify(bundle)});\n`);
  return file;
};

// webpack is not a dependency of the project: it is needed only to collect new fixtures.
async function loadWebpack() {
  const from = process.env.WEBPACK_DIR;
  if (!from) throw new Error('set WEBPACK_DIR to a folder with webpack installed (npm install --prefix DIR webpack@5)');
  return createRequire(join(from, 'node_modules/'))('webpack');
}

async function webpackBuild(webpack, options) {
  await new Promise((resolve, reject) =>
    webpack(options, (error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString())) : resolve())),
  );
}

/**
 * Builds every bundle into `out/<bundle>/` and returns each one's script (relative to `out`) and
 * whether it is an ES module.
 */
export async function buildBundles(out) {
  const work = join(out, 'src');
  mkdirSync(join(out, 'plain'), { recursive: true });
  mkdirSync(work, { recursive: true });
  copyFileSync(throwers, join(work, 'throwers.js'));
  copyFileSync(throwers, join(out, 'plain/throwers.js'));
  writeFileSync(join(out, 'plain/app.js'), `import { report } from './throwers.js';\nreport('plain');\n`);

  await esbuild({ entryPoints: [entry(work, 'esbuild')], bundle: true, minify: true, sourcemap: true, format: 'iife', outfile: join(out, 'esbuild/app.min.js'), logLevel: 'silent' });
  await vite({
    configFile: false, logLevel: 'silent', root: work,
    build: { outDir: join(out, 'vite'), emptyOutDir: true, sourcemap: true, minify: true, rollupOptions: { input: entry(work, 'vite'), output: { entryFileNames: 'app.js', format: 'iife' } } },
  });
  const webpack = await loadWebpack();
  await webpackBuild(webpack, { context: out, mode: 'production', devtool: 'source-map', entry: entry(work, 'webpack'), output: { path: join(out, 'webpack'), filename: 'main.js' } });
  await webpackBuild(webpack, { context: out, mode: 'development', devtool: 'eval', entry: entry(work, 'webpack-dev'), output: { path: join(out, 'webpack-dev'), filename: 'main.js' } });
  return [
    { bundle: 'plain', script: 'plain/app.js', module: true },
    { bundle: 'esbuild', script: 'esbuild/app.min.js', map: 'esbuild/app.min.js.map' },
    { bundle: 'vite', script: 'vite/app.js', map: 'vite/app.js.map' },
    { bundle: 'webpack', script: 'webpack/main.js', map: 'webpack/main.js.map' },
    { bundle: 'webpack-dev', script: 'webpack-dev/main.js' },
  ];
}
