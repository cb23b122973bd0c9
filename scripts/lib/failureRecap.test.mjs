import { afterEach, describe, expect, it, vi } from 'vitest';
import FailureRecap from './failureRecap.mjs';

// Shapes of vitest's reporter API that the recap reads (TestModule, TestCase, SerializedError).
const moduleWith = (failed, errors = []) => ({
  moduleId: `${process.cwd()}/packages/x/a.test.ts`,
  errors: () => errors,
  children: { allTests: (state) => (state === 'failed' ? failed : []) },
});
const failedTest = (fullName, message) => ({ fullName, result: () => ({ errors: [{ name: 'AssertionError', message, stack: `AssertionError: ${message}\n    at a.test.ts:3:5\n    at node_modules/vitest/x.js:1:1` }] }) });

describe('failure recap reporter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('repeats failed tests and unhandled errors at the end, without node_modules frames', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unhandled = { name: 'Error', message: 'terminating connection', stack: 'Error: terminating connection\n    at idleListener (pg.js:1:1)', VITEST_TEST_PATH: `${process.cwd()}/packages/x/b.test.ts` };
    new FailureRecap().onTestRunEnd([moduleWith([failedTest('suite › case', 'expected 1 to be 2')])], [unhandled]);
    const text = printed.mock.calls.flat().join('\n');
    expect(text).toContain('Why this run failed (2)');
    expect(text).toContain('packages/x/a.test.ts › suite › case');
    expect(text).toContain('AssertionError: expected 1 to be 2');
    expect(text).toContain('unhandled while packages/x/b.test.ts ran (outside any test)');
    expect(text).toContain('terminating connection');
    expect(text).not.toContain('node_modules');
  });

  it('prints nothing for a run that passed', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    new FailureRecap().onTestRunEnd([moduleWith([])], []);
    expect(printed).not.toHaveBeenCalled();
  });
});
