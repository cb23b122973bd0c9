import { describe, expect, it } from 'vitest';
import { cleanString } from './scrub.js';

// Short texts are only scrubbed, not cut.
const scrubEmails = (text: string) => cleanString(text);

describe('scrubEmails', () => {
  it('replaces the usual e-mail forms', () => {
    expect(scrubEmails('user jane.doe@example.com failed')).toBe('user {email} failed');
    expect(scrubEmails('<John.Smith+trips@Mail.Example.CO.UK>')).toBe('<{email}>');
    expect(scrubEmails('mailto:a_b-c@sub-domain.example.travel?x=1')).toBe('mailto:{email}?x=1');
    expect(scrubEmails('/search?email=jane%40example.org&x=1')).toBe('/search?email={email}&x=1');
    expect(scrubEmails('a@b.io,c@d.es')).toBe('{email},{email}');
  });

  it('leaves look-alikes that are not addresses', () => {
    const text = 'fn@https://www.example.com/app.js:1:2 and /npm/react@19.0.0/index.js and @scope/pkg';
    expect(scrubEmails(text)).toBe(text);
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
