// A vitest reporter, added after the default one by `npm test`: when a run fails, it repeats why
// in a few lines at the very end. Why: CI keeps only the tail of a long log, and the default
// reporter prints errors before its summary, so a failed run's record once said "1 error"
// without the error itself.

const STACK_LINES = 6;
const relative = (path) => String(path).replace(`${process.cwd()}/`, '');

/** One error in a few lines: its name, message and the first frames of its stack. */
function describe(error) {
  const head = `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`;
  const frames = String(error?.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !line.includes('node_modules/'))
    .slice(0, STACK_LINES);
  return [head, ...frames].map((line) => `    ${line.trim()}`).join('\n');
}

export default class FailureRecap {
  onTestRunEnd(testModules, unhandledErrors) {
    const lines = [];
    for (const module of testModules) {
      for (const error of module.errors()) lines.push(`  ${relative(module.moduleId)} (the file itself)\n${describe(error)}`);
      for (const test of module.children.allTests('failed')) {
        for (const error of test.result().errors ?? []) lines.push(`  ${relative(module.moduleId)} › ${test.fullName}\n${describe(error)}`);
      }
    }
    for (const error of unhandledErrors) {
      const where = error.VITEST_TEST_PATH ? ` while ${relative(error.VITEST_TEST_PATH)} ran` : '';
      const test = error.VITEST_TEST_NAME ? ` (latest test: ${error.VITEST_TEST_NAME})` : ' (outside any test)';
      lines.push(`  unhandled${where}${test}\n${describe(error)}`);
    }
    if (lines.length === 0) return;
    console.error(`\n── Why this run failed (${lines.length}) ──\n${lines.join('\n')}`);
  }
}
