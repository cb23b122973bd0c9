import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openEnvelope } from './openEnvelope.js';
import { sealForTest } from './testing/sealForTest.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};
const flip = (envelope: string, index: number): string => {
  const bytes = Buffer.from(envelope, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] as number) ^ 0x01;
  return bytes.toString('base64');
};

describe('openEnvelope', () => {
  const envelope = sealForTest('{"hello":"world"}', publicKey);

  it('opens what was sealed with the public key, in base64 or base64url', () => {
    expect(openEnvelope(envelope, privateKey)).toBe('{"hello":"world"}');
    const url = Buffer.from(envelope, 'base64').toString('base64url');
    expect(openEnvelope(url, privateKey)).toBe('{"hello":"world"}');
  });

  it.each([
    ['the last ciphertext byte', -20],
    ['the tag', -1],
    ['the IV', 4 + 256],
  ])('rejects a change in %s as tampered', (_label, index) => {
    expect(codeOf(() => openEnvelope(flip(envelope, index), privateKey))).toBe('TARMAC_SIGNALS_TAMPERED');
  });

  it('rejects a changed wrapped key as not unwrapping', () => {
    expect(codeOf(() => openEnvelope(flip(envelope, 10), privateKey))).toBe('TARMAC_SIGNALS_WRONG_KEY');
  });

  it('rejects an envelope sealed for another key', () => {
    const foreign = sealForTest('{}', createPublicKey(other.privateKey));
    expect(codeOf(() => openEnvelope(foreign, privateKey))).toBe('TARMAC_SIGNALS_WRONG_KEY');
  });

  it('rejects truncated envelopes', () => {
    const bytes = Buffer.from(envelope, 'base64');
    expect(codeOf(() => openEnvelope(bytes.subarray(0, 3).toString('base64'), privateKey))).toBe('TARMAC_SIGNALS_TRUNCATED');
    expect(codeOf(() => openEnvelope(bytes.subarray(0, 4 + 256 + 12).toString('base64'), privateKey))).toBe('TARMAC_SIGNALS_TRUNCATED');
    // Cut inside the ciphertext: the tag no longer matches.
    expect(codeOf(() => openEnvelope(bytes.subarray(0, bytes.length - 3).toString('base64'), privateKey))).toBe('TARMAC_SIGNALS_TAMPERED');
  });

  it('rejects a changed header, which is authenticated too', () => {
    expect(codeOf(() => openEnvelope(sealForTest('{}', publicKey, { version: 3 }), privateKey))).toBe('TARMAC_SIGNALS_MALFORMED');
    expect(codeOf(() => openEnvelope(flip(envelope, 2), privateKey))).toBe('TARMAC_SIGNALS_WRONG_KEY');
  });

  it('hands the key id to the key lookup, and authenticates it', () => {
    const asked: string[] = [];
    const lookup = (kid: string) => {
      asked.push(kid);
      return privateKey;
    };
    const named = sealForTest('{"a":1}', publicKey, { kid: 'k-1' });
    expect(openEnvelope(named, lookup)).toBe('{"a":1}');
    expect(openEnvelope(envelope, lookup)).toBe('{"hello":"world"}');
    // A different key id the lookup would also answer: the tag no longer matches.
    const renamed = Buffer.from(named, 'base64');
    renamed[4] = 50; // 'k-1' → 'k-2'
    expect(codeOf(() => openEnvelope(renamed.toString('base64'), lookup))).toBe('TARMAC_SIGNALS_TAMPERED');
    expect(asked).toEqual(['k-1', '', 'k-2']);
  });

  it('opens version 1 envelopes, from collectors built before key ids, with the key for no id', () => {
    const asked: string[] = [];
    const old = sealForTest('{"v":1}', publicKey, { version: 1 });
    expect(openEnvelope(old, (kid) => (asked.push(kid), privateKey))).toBe('{"v":1}');
    expect(asked).toEqual(['']);
  });

  it('rejects a key id that is too long or not base64url before any key work', () => {
    const lookup = () => {
      throw new Error('no lookup expected');
    };
    expect(codeOf(() => openEnvelope(sealForTest('{}', publicKey, { kid: 'k'.repeat(65) }), lookup))).toBe('TARMAC_SIGNALS_MALFORMED');
    expect(codeOf(() => openEnvelope(sealForTest('{}', publicKey, { kid: 'k/1' }), lookup))).toBe('TARMAC_SIGNALS_MALFORMED');
    expect(codeOf(() => openEnvelope(Buffer.from([2, 10, 65, 65]).toString('base64'), lookup))).toBe('TARMAC_SIGNALS_TRUNCATED');
  });

  it('rejects text that is not base64', () => {
    expect(codeOf(() => openEnvelope('not base64!', privateKey))).toBe('TARMAC_SIGNALS_MALFORMED');
  });
});
