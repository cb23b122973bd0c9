// Runs independent `npm test` steps at the same time: the browser suite in three engines spends
// most of its time waiting on browsers, not on the CPU, so on two cores the three runs together
// take little longer than the slowest alone. Each step's output is kept to itself and printed
// whole, so the log never interleaves; failed steps are printed last, their failure recaps at the
// very end of the log where CI keeps it.
import { spawn } from 'node:child_process';
import { root, step } from './run.mjs';

/** Runs `steps` ({ title, cmd, args, env }) together; exits with the first failure's code after all ended. */
export async function mustTogether(steps) {
  step(`${steps.map((s) => s.title).join(' · ')} (together)`);
  const failed = [];
  await Promise.all(
    steps.map(async (s) => {
      const started = Date.now();
      const { code, output } = await captured(s);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        step(s.title);
        process.stdout.write(output);
        console.log(`✓ ${s.title} (${seconds} s)`);
      } else failed.push({ ...s, code, output, seconds });
    }),
  );
  for (const f of failed) {
    step(f.title);
    process.stdout.write(f.output);
    console.error(`\n✗ ${f.title} failed (exit ${f.code}, ${f.seconds} s)`);
  }
  if (failed.length) process.exit(failed[0].code);
}

function captured({ cmd, args, env }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (err) => resolve({ code: 127, output: output + `could not run ${cmd}: ${err.message}\n` }));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}
