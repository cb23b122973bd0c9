import { describe, expect, it, vi } from 'vitest';
import { emailMessage, logErrorWithEmail, throwUncaughtError } from './triggers';

describe('throwUncaughtError', () => {
  it('throws only later, from the scheduled callback, not from the caller', () => {
    let scheduled: (() => void) | undefined;
    expect(() => throwUncaughtError((run) => (scheduled = run))).not.toThrow();
    expect(scheduled).toBeTypeOf('function');
    expect(() => scheduled!()).toThrow(/uncaught error/);
  });
});

describe('logErrorWithEmail', () => {
  it('logs an error whose message contains an e-mail address', () => {
    const logger = { error: vi.fn() };
    logErrorWithEmail(logger);
    expect(logger.error).toHaveBeenCalledWith(emailMessage);
    expect(emailMessage).toMatch(/[\w.]+@[\w.]+\.\w+/);
  });
});
