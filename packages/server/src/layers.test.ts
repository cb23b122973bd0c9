import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';
// The same rules `npm run lint` checks over this folder, built for a fixture's own `src/`.
import { cruiseOptions, layerRules } from '../layers.mjs';

/** A tree every rule accepts: each layer importing only what it may. */
const CLEAN: Record<string, string> = {
  'logs/contract.ts': 'export interface LogGroup { groupId: string }',
  'logs/ports.ts': "import type { LogGroup } from './contract.js';\nexport interface LogQuery { get(): Promise<LogGroup> }",
  'logs/logRoutes.ts': "import type { LogQuery } from './ports.js';\nexport const logRoutes = (q: LogQuery) => q;",
  'issues/contract.ts': "import type { LogGroup } from '../logs/contract.js';\nexport type Issue = LogGroup & { open: boolean };",
  'issues/issueRoutes.ts': "import type { Issue } from './contract.js';\nimport type { LogQuery } from '../logs/ports.js';\nexport const issueRoutes = (q: LogQuery): Issue | null => (q ? null : null);",
  'rollups/timeGrid.ts': 'export const HOUR = 3_600_000;',
  'storage/ports.ts': "import type { LogQuery } from '../logs/ports.js';\nexport interface Store { logs: LogQuery }",
  'storage/sqlite/logs.ts': "import type { LogQuery } from '../../logs/ports.js';\nimport { HOUR } from '../../rollups/timeGrid.js';\nexport const sqliteLogs = (): LogQuery | number => HOUR;",
  'storage/postgres/logs.ts': "import type { LogQuery } from '../../logs/ports.js';\nexport const postgresLogs = (): LogQuery | null => null;",
  'app.ts': "import { sqliteLogs } from './storage/sqlite/logs.js';\nimport { logRoutes } from './logs/logRoutes.js';\nexport const app = [sqliteLogs, logRoutes];",
};

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The rules broken by the clean tree with `changes` applied, as `rule: from → to`, sorted. */
async function violations(changes: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(join(tmpdir(), 'tarmac-layers-'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    const path = join(root, 'src', file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${text}\n`);
  }
  const { output } = await cruise(['src'], { ...cruiseOptions, baseDir: root, validate: true, ruleSet: { forbidden: layerRules('^src/') } });
  if (typeof output === 'string') throw new Error('expected a cruise result, got text');
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the server layering (layers.mjs), linted over fixture trees', () => {
  it('accepts a tree that keeps every layer', async () => {
    expect(await violations({})).toEqual([]);
  });

  it('fails a capability that imports another capability\'s routes', async () => {
    expect(await violations({ 'issues/issueRoutes.ts': "import { logRoutes } from '../logs/logRoutes.js';\nexport const issueRoutes = logRoutes;" })).toEqual([
      'capability-uses-contracts-and-ports: src/issues/issueRoutes.ts → src/logs/logRoutes.ts',
    ]);
  });

  it('fails an import cycle between two modules, type-only imports included', async () => {
    expect(await violations({ 'logs/contract.ts': "import type { LogQuery } from './ports.js';\nexport interface LogGroup { groupId: string; q?: LogQuery }" })).toEqual([
      'no-cycles: src/logs/contract.ts → src/logs/ports.ts',
    ]);
  });

  it('fails two capabilities that need each other, even through their contracts and with no module cycle', async () => {
    expect(await violations({ 'logs/logRoutes.ts': "import type { Issue } from '../issues/contract.js';\nexport const logRoutes = (issue: Issue) => issue;" })).toEqual([
      'capabilities-one-way: src/issues → src/logs',
      'capabilities-one-way: src/logs → src/issues',
    ]);
  });

  it('leaves test code out: a test may reach anywhere to set a scene', async () => {
    expect(await violations({ 'logs/logRoutes.test.ts': "import { sqliteLogs } from '../storage/sqlite/logs.js';\nimport { issueRoutes } from '../issues/issueRoutes.js';\nexport const scene = [sqliteLogs, issueRoutes];" })).toEqual([]);
  });

  it('fails an engine that imports the other engine or a route', async () => {
    expect(
      await violations({
        'storage/postgres/logs.ts': "import { sqliteLogs } from '../sqlite/logs.js';\nimport { logRoutes } from '../../logs/logRoutes.js';\nexport const postgresLogs = [sqliteLogs, logRoutes];",
      }),
    ).toEqual([
      'engine-below-http: src/storage/postgres/logs.ts → src/logs/logRoutes.ts',
      'engines-apart: src/storage/postgres/logs.ts → src/storage/sqlite/logs.ts',
    ]);
  });

  it('fails a module outside the composition roots that picks an engine', async () => {
    expect(await violations({ 'logs/logRoutes.ts': "import { sqliteLogs } from '../storage/sqlite/logs.js';\nexport const logRoutes = sqliteLogs;" })).toEqual([
      'only-roots-open-engines: src/logs/logRoutes.ts → src/storage/sqlite/logs.ts',
    ]);
  });
});
