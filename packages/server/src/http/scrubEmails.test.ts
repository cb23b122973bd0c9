import { EMAIL_ADDRESS } from '@tarmac/platform/transport';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The table the browser logger runs too (packages/platform/src/logger/scrub.test.ts).
import { EMAIL_SCRUB_CASES } from '../../../platform/src/logger/testing/emailScrubCases.js';
import { scrubEmails } from './scrubEmails.js';

describe('scrubEmails', () => {
  it.each(EMAIL_SCRUB_CASES)('scrubs %j as the browser logger does: %j', (text, scrubbed) => {
    expect(scrubEmails(text)).toBe(scrubbed);
  });

  it('gives exactly what the platform rule replaced everywhere gives, on any text of address characters', () => {
    const piece = fc.constantFrom('a', 'B', '7', '_', '.', '-', '+', '%', '%40', '@', 'co', 'm', 'es', ' ', '/', ':', '@b.io', 'x%40y.com');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(scrubEmails(text)).toBe(text.replace(EMAIL_ADDRESS, '{email}'));
      }),
      { numRuns: 2000 },
    );
  });
});
