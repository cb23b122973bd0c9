import { describe, expect, it } from 'vitest';
import { cleanString, EMAIL_ADDRESS } from './scrub.js';
import { EMAIL_SCRUB_CASES } from './testing/emailScrubCases.js';

describe('the e-mail rule (the table the server runs too)', () => {
  // Short texts are only scrubbed, not cut.
  it.each(EMAIL_SCRUB_CASES)('cleanString(%j) is %j', (text, scrubbed) => {
    expect(cleanString(text)).toBe(scrubbed);
  });

  it('is the rule the server is given', () => {
    for (const [text, scrubbed] of EMAIL_SCRUB_CASES) expect(text.replace(EMAIL_ADDRESS, '{email}')).toBe(scrubbed);
  });
});

describe('cleanString', () => {
  it('cuts to 1000 characters after scrubbing', () => {
    const long = `${'x'.repeat(990)} jane@example.com ${'y'.repeat(50)}`;
    const clean = cleanString(long);
    expect(clean).toHaveLength(1000);
    expect(clean).toContain('{email}');
    expect(clean).not.toContain('jane');
  });

  it('never leaves half an address at the cut', () => {
    const clean = cleanString(`${'x'.repeat(994)} jane.doe@example.com`);
    expect(clean).toBe(`${'x'.repeat(994)} {emai`);
  });
});
