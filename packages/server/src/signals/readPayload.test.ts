import { describe, expect, it } from 'vitest';
import { readPayload } from './readPayload.js';
import { payloadForTest, personSignals } from './testing/sealForTest.js';

const reason = (text: string): string | undefined => {
  try {
    readPayload(text);
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return undefined;
};

describe('readPayload', () => {
  it('accepts what the collector sends', () => {
    const payload = payloadForTest();
    expect(readPayload(JSON.stringify(payload))).toEqual(payload);
  });

  it.each([
    ['not JSON', 'nope', 'payload is not JSON'],
    ['a list', '[]', 'payload must be an object'],
    ['a short nonce', JSON.stringify({ ...payloadForTest(), nonce: 'abc' }), 'payload/nonce'],
    ['a string time', JSON.stringify({ ...payloadForTest(), ts: '1' }), 'payload/ts'],
    ['a missing family', JSON.stringify({ ...payloadForTest(), signals: { ...personSignals(), fonts: undefined } }), 'payload/signals/fonts is required'],
    ['an unknown field', JSON.stringify({ ...payloadForTest(), signals: { ...personSignals(), extra: 1 } }), 'payload/signals/extra is not a known field'],
    ['a string width', JSON.stringify(payloadForTest(personSignals({ screen: { ...personSignals().screen, width: '1' as never } }))), 'payload/signals/screen/width'],
    ['too many fonts', JSON.stringify(payloadForTest(personSignals({ fonts: Array(101).fill('A') }))), 'payload/signals/fonts must be a list'],
    ['a long language', JSON.stringify(payloadForTest(personSignals({ languages: ['x'.repeat(65)] }))), 'payload/signals/languages/0'],
  ])('rejects %s naming the field', (_label, text, expected) => {
    const got = reason(text);
    expect(got).toMatch(/^TARMAC_SIGNALS_BAD_PAYLOAD: /);
    expect(got).toContain(expected);
  });
});
