import { afterEach, describe, expect, it } from 'vitest';
import { readPagePrivacy } from './pageRegime';

const usnat = { decided: true, saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: 1_790_000_000_000 };

function bootstrap(text: string, type = 'application/json'): void {
  const block = document.createElement('script');
  block.id = 'tarmac-consent';
  block.type = type;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('readPagePrivacy', () => {
  it('reads a US visitor’s regime and choices from the server’s bootstrap block', () => {
    bootstrap(JSON.stringify({ regime: 'usnat', country: 'US', gpc: true, tcf: {}, usnat }));
    expect(readPagePrivacy()).toEqual({ regime: 'usnat', usnat, gpc: true });
  });

  it('reads the other regimes without US choices', () => {
    bootstrap(JSON.stringify({ regime: 'none', country: 'JP', gpc: false, tcf: {}, usnat }));
    expect(readPagePrivacy()).toEqual({ regime: 'none', usnat: null, gpc: false });
  });

  it('is the TCF page it always was without a block, with a broken one or with bad US data', () => {
    expect(readPagePrivacy()).toEqual({ regime: 'tcf', usnat: null, gpc: false });
    bootstrap('{not json');
    expect(readPagePrivacy()).toEqual({ regime: 'tcf', usnat: null, gpc: false });
    document.head.innerHTML = '';
    bootstrap(JSON.stringify({ regime: 'usnat', usnat: { ...usnat, saleOptOut: 'yes' } }));
    expect(readPagePrivacy()).toEqual({ regime: 'tcf', usnat: null, gpc: false });
    document.head.innerHTML = '';
    bootstrap(JSON.stringify({ regime: 'mars' }));
    expect(readPagePrivacy()).toEqual({ regime: 'tcf', usnat: null, gpc: false });
  });

  it('ignores a block that is not a JSON data block', () => {
    bootstrap(JSON.stringify({ regime: 'usnat', usnat }), 'text/javascript');
    expect(readPagePrivacy()).toEqual({ regime: 'tcf', usnat: null, gpc: false });
  });
});
