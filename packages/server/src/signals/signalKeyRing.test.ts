import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSignalKeys, previousKeyFile, signalKeysFrom } from './signalKeys.js';
import { createSignalKeyRing, loadSignalKeyRing, readSignalsKeyGrace } from './signalKeyRing.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const keyFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-ring-'));
  dirs.push(dir);
  return join(dir, 'signals-key.pem');
};
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { statusCode?: number; code?: string; message: string };
  }
  throw new Error('expected a failure');
};

const a = generateSignalKeys();
const b = generateSignalKeys();
const c = generateSignalKeys();
const MINUTE = 60_000;

describe('signal keys', () => {
  it('names a key by its RFC 7638 thumbprint, the same on every load, in the served JWK too', () => {
    const again = signalKeysFrom(a.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    expect(again.kid).toBe(a.kid);
    expect(a.kid).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(a.publicJwk.kid).toBe(a.kid);
    expect(b.kid).not.toBe(a.kid);
    // The thumbprint of the public half alone, as any JOSE library would compute it.
    const { e, kty, n } = createPublicKey(a.privateKey).export({ format: 'jwk' });
    const thumbprint = createHash('sha256').update(`{"e":"${String(e)}","kty":"${String(kty)}","n":"${String(n)}"}`).digest('base64url');
    expect(a.kid).toBe(thumbprint.slice(0, 16));
  });
});

describe('createSignalKeyRing', () => {
  it('opens the current key by its id or by none, the previous one within the grace period only', () => {
    let clock = 1_000_000;
    const ring = createSignalKeyRing({ current: b, previous: { keys: a, retiredAt: clock }, graceMinutes: 60, now: () => clock });
    expect(ring.keyFor(b.kid)).toBe(b.privateKey);
    expect(ring.keyFor('')).toBe(b.privateKey);
    expect(ring.keyFor(a.kid)).toBe(a.privateKey);
    clock += 60 * MINUTE - 1;
    expect(ring.keyFor(a.kid)).toBe(a.privateKey);
    clock += 1;
    const retired = failure(() => ring.keyFor(a.kid));
    expect(retired).toMatchObject({ statusCode: 400, code: 'TARMAC_SIGNALS_WRONG_KEY' });
    expect(retired.message).toContain(`Key ${a.kid} was retired at`);
  });

  it('refuses an unknown key id with a 400 that names it', () => {
    const ring = createSignalKeyRing({ current: a });
    const unknown = failure(() => ring.keyFor('nope'));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'TARMAC_SIGNALS_WRONG_KEY' });
    expect(unknown.message).toBe(`Unknown key id nope: this server's key is ${a.kid}`);
  });

  it('rotates: a new current key, the old one accepted for the grace period, one rotation for concurrent calls', async () => {
    const clock = 5_000_000;
    const made = [c];
    const ring = createSignalKeyRing({ current: a, graceMinutes: 30, now: () => clock, generate: async () => made.shift() ?? b });
    const [first, second] = await Promise.all([ring.rotate(), ring.rotate()]);
    expect(first).toEqual({ kid: c.kid, graceSeconds: 1800, previous: { kid: a.kid, retiredAt: clock, acceptedUntil: clock + 30 * MINUTE } });
    expect(second).toEqual(first);
    expect(ring.current()).toBe(c);
    expect(ring.keyFor(a.kid)).toBe(a.privateKey);
    expect(ring.state()).toEqual(first);
  });

  it('makes the current key on first use when given a maker', () => {
    let made = 0;
    const ring = createSignalKeyRing({ current: () => (made++, a) });
    expect(made).toBe(0);
    expect(ring.keyFor(a.kid)).toBe(a.privateKey);
    expect(ring.current()).toBe(a);
    expect(made).toBe(1);
  });

  it.each([
    [60, 300],
    [8, 240],
    [1, 30],
    [0, 0],
  ])('with %i grace minutes lets the key be cached %i s: at most 300 s and half the grace', (graceMinutes, maxAge) => {
    expect(createSignalKeyRing({ current: a, graceMinutes }).keyMaxAgeSeconds).toBe(maxAge);
  });
});

describe('loadSignalKeyRing', () => {
  it('keeps a rotation on disk, owner-only: a restart opens the same current and previous keys', async () => {
    const file = keyFile();
    const clock = 7_000_000;
    const ring = loadSignalKeyRing(file, { graceMinutes: 60, now: () => clock });
    const before = ring.current().kid;
    const state = await ring.rotate();
    expect(state.previous?.kid).toBe(before);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(previousKeyFile(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(previousKeyFile(file), 'utf8')).retiredAt).toBe(clock);
    const restarted = loadSignalKeyRing(file, { graceMinutes: 60, now: () => clock });
    expect(restarted.state()).toEqual(state);
    expect(restarted.keyFor(before).export({ type: 'pkcs8', format: 'pem' })).toBe(
      ring.keyFor(before).export({ type: 'pkcs8', format: 'pem' }),
    );
  });

  it('starts without a previous key when none was ever rotated', () => {
    expect(loadSignalKeyRing(keyFile()).state().previous).toBeNull();
  });
});

describe('readSignalsKeyGrace', () => {
  it('reads whole minutes, 60 by default, and names the variable when it is wrong', () => {
    expect(readSignalsKeyGrace({})).toBe(60);
    expect(readSignalsKeyGrace({ SIGNALS_KEY_GRACE_MINUTES: '0' })).toBe(0);
    expect(readSignalsKeyGrace({ SIGNALS_KEY_GRACE_MINUTES: '1440' })).toBe(1440);
    for (const bad of ['-1', '1.5', 'soon', '43201']) {
      expect(() => readSignalsKeyGrace({ SIGNALS_KEY_GRACE_MINUTES: bad })).toThrow(/SIGNALS_KEY_GRACE_MINUTES/);
    }
  });
});
