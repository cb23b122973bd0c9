// The runtimes without a page: Node runs the plain module (file:// frames, and the "at async"
// frame of a module's top-level await), Hermes runs a React Native-style bundle compiled to
// bytecode without debug info, which is what prints "address at index.android.bundle".
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The plain module's stacks as Node prints them. */
export async function nodeStacks(throwers) {
  const entry = join(throwers, '../node-entry.mjs');
  writeFileSync(entry, `import { collectStacks } from './throwers.js';\nconst stacks = await collectStacks('node');\nprocess.stdout.write(JSON.stringify(stacks));\n`);
  return { plain: JSON.parse(execFileSync(process.execPath, [entry], { encoding: 'utf8' })) };
}

// Hermes 0.12 has no classes nor async functions without Babel, so its cases are the ES5 ones.
const HERMES_SOURCE = `function onPress() { throw new Error('case:named'); }
var Foo = { bar: function () { onPress(); } };
var stacks = {};
try { Foo.bar(); } catch (e) { stacks.method = e.stack; }
try { [1].map(function () { throw new Error('case:anonymous'); }); } catch (e) { stacks.anonymous = e.stack; }
print(JSON.stringify(stacks));
`;

/** Stacks from Hermes, with and without debug info in the bytecode. */
export function hermesStacks(hermesDir, out) {
  const bin = join(hermesDir, 'node_modules/hermes-engine-cli/linux64-bin');
  writeFileSync(join(out, 'index.android.js'), HERMES_SOURCE);
  const run = (args) => JSON.parse(execFileSync(join(bin, 'hermes'), args, { cwd: out, encoding: 'utf8' }));
  execFileSync(join(bin, 'hermesc'), ['-emit-binary', '-O', '-g0', '-out', 'index.android.bundle', 'index.android.js'], { cwd: out });
  return { source: run(['index.android.js']), bytecode: run(['-b', 'index.android.bundle']) };
}
