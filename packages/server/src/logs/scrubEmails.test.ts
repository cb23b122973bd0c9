import { describe, expect, it } from 'vitest';
import { scrubEmails } from './scrubEmails.js';

describe('scrubEmails', () => {
  it('replaces every address and keeps the rest', () => {
    expect(scrubEmails('mail jane.doe@example.com and Bob+x@mail.example.co.uk now')).toBe(
      'mail {email} and {email} now',
    );
  });

  it('leaves text without addresses alone', () => {
    expect(scrubEmails('user@localhost is not an address; @handle neither')).toBe(
      'user@localhost is not an address; @handle neither',
    );
  });

  it('stays fast on hostile input', () => {
    const hostile = 'a'.repeat(5_000) + '@' + 'b.'.repeat(5_000);
    const started = performance.now();
    scrubEmails(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
