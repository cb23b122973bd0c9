/**
 * The server's layering as dependency-cruiser rules (`npm run lint` checks them after ESLint; the
 * README's "Layers" section says the same in prose). Built from the source root so
 * src/layers.test.ts can run them over small fixture trees and watch each one fail.
 */

/** Folders that are capabilities: each owns a contract, ports, logic and routes. */
const CAPABILITIES = [
  'alerts', 'analytics', 'breadcrumbs', 'consent', 'drops', 'dynamicImport', 'issues', 'logs',
  'perf', 'releases', 'search', 'signals', 'site',
];

/**
 * What one capability may import of another: its contract (`contract.ts`, `*Contract.ts`, the
 * JSON schemas tied to it in `schemas.ts`) and its ports (`ports.ts`).
 */
const PUBLIC_FILE = '/(contract|ports|schemas|\\w+Contract)\\.ts$';

/** Tests and their helpers: left out of the cruise (see cruiseOptions). */
const TEST_CODE = ['\\.test\\.ts$', '/testing/', '/storage/conformance/'];

/** @param {string} src a regular expression matching the start of the server's source root, e.g. `^packages/server/src/` */
function layerRules(src) {
  const capability = `${src}(${CAPABILITIES.join('|')})/`;
  const folder = `${src}(${CAPABILITIES.join('|')})$`;
  const engine = `${src}storage/(sqlite|postgres)/`;
  const roots = [`${src}(app|main|openBackends|worker)\\.ts$`, `${src}cli/`];
  return [
    {
      name: 'no-cycles',
      comment: 'Modules import each other one way only (type-only imports count too).',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'capabilities-one-way',
      comment: 'Capability folders depend on each other one way only, so each can be read from the ones below it.',
      severity: 'error',
      scope: 'folder',
      from: { path: folder },
      to: { path: folder, circular: true },
    },
    {
      name: 'capability-uses-contracts-and-ports',
      comment: "A capability reaches another only through that one's contract and ports, never its logic or routes.",
      severity: 'error',
      from: { path: capability },
      to: { path: capability, pathNot: [`${src}$1/`, PUBLIC_FILE] },
    },
    {
      name: 'engines-apart',
      comment: 'One storage engine never imports the other.',
      severity: 'error',
      from: { path: engine },
      to: { path: engine, pathNot: `${src}storage/$1/` },
    },
    {
      name: 'engine-below-http',
      comment: 'An engine imports contracts, ports and pure helpers: no routes, no HTTP plumbing, no wiring.',
      severity: 'error',
      from: { path: engine },
      to: {
        path: [`Routes?\\.ts$`, `${src}(http|console|config|ingest|seed|site|cli)/`, ...roots, '(^|/)node_modules/fastify/'],
        pathNot: PUBLIC_FILE,
      },
    },
    {
      name: 'only-roots-open-engines',
      comment: 'Only the composition roots (app.ts, main.ts, openBackends.ts, worker.ts, cli/) pick a concrete engine.',
      severity: 'error',
      from: { path: src, pathNot: [...roots, engine] },
      to: { path: engine },
    },
  ];
}

/**
 * Test code (tests, their `testing/` helpers, the storage conformance suite) stands outside the
 * layers: it may reach anywhere to set a scene, so the cruise leaves it out.
 */
const cruiseOptions = {
  // Type-only imports are dependencies too: a cycle of types is still a cycle to read through.
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', ...TEST_CODE] },
  enhancedResolveOptions: { extensions: ['.ts', '.js'] },
};

export { cruiseOptions, layerRules };
