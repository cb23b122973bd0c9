import { describe, expect, it } from 'vitest';
import type { ConsentBootstrap } from '../consent/bootstrapContract.js';
import { consentBootstrapBlock } from './consentBootstrapBlock.js';

const bootstrap = (overrides: Partial<ConsentBootstrap> = {}): ConsentBootstrap => ({
  regime: 'usnat',
  country: 'US',
  region: 'CA',
  gpc: false,
  tcf: { tcString: 'CQAAAA.IAAA', cmpId: 300, cmpVersion: 1, gdprApplies: false, tcfPolicyVersion: 5, gvlVersion: 1, showUi: false },
  usnat: { decided: false, saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: null },
  ...overrides,
});

const textOf = (block: string) => /^<script type="application\/json" id="tarmac-consent">([\s\S]*)<\/script>$/.exec(block)?.[1];

describe('consentBootstrapBlock', () => {
  it('is a JSON data block whose text parses back to the bootstrap', () => {
    const value = bootstrap();
    const text = textOf(consentBootstrapBlock(value));
    expect(text).toBeDefined();
    expect(JSON.parse(text!)).toEqual(value);
  });

  it('cannot be closed or turned into a comment by anything inside it', () => {
    const hostile = '</script><script>alert(1)</script><!-- & > \u2028\u2029 </SCRIPT';
    const value = bootstrap({ region: hostile, country: hostile });
    const block = consentBootstrapBlock(value);
    const text = textOf(block)!;
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    // Exactly one element: the only `</script` is the block's own end tag.
    expect(block.match(/<\/script/gi)).toHaveLength(1);
    expect(JSON.parse(text)).toEqual(value);
  });
});
