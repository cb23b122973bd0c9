// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { captureGlobalErrors, createLogger, LogLevel } from './index.js';

describe('logger outside a browser', () => {
  it('imports and runs in Node without a DOM, sending nothing it cannot', async () => {
    expect(typeof window).toBe('undefined');
    const logger = createLogger({ product: 'ssr', level: LogLevel.DEBUG });
    logger.debug('rendered');
    const stop = captureGlobalErrors(logger);
    stop();
    logger.stop();
    await expect(logger.flush()).resolves.toBeUndefined();
  });
});
