import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformLogger } from '../platformContext.js';
import { createHydrationErrorHandler } from './hydrationErrors.js';

beforeEach(() => sessionStorage.clear());

describe('createHydrationErrorHandler', () => {
  it('logs a mismatch once per component per session', () => {
    const error = vi.fn();
    const logger = { error } as unknown as PlatformLogger;
    const onRecoverableError = createHydrationErrorHandler(logger);
    const deals = { componentStack: '\n    at p\n    at DealsWidget (https://site.test/assets/deals.js:1:2)\n    at App (x)' };
    onRecoverableError(new Error('Hydration failed'), deals);
    onRecoverableError(new Error('Hydration failed again'), deals);
    onRecoverableError(new Error('Text mismatch'), { componentStack: 'SearchResults@https://site.test/r.js:3:4' });
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      'Hydration error in DealsWidget: Hydration failed',
      'Hydration error in SearchResults: Text mismatch',
    ]);
    // A new page in the same session (a new handler) stays quiet about DealsWidget.
    createHydrationErrorHandler(logger)(new Error('again'), deals);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
