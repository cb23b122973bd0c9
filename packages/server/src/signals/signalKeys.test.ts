import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSignalKeys, signalKeysFrom } from './signalKeys.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('signal keys', () => {
  it('makes a key pair on first start and reads the same one after', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarmac-keys-'));
    dirs.push(dir);
    const file = join(dir, 'signals-key.pem');
    const first = loadOrCreateSignalKeys(file);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSignalKeys(file).publicJwk.n).toBe(first.publicJwk.n);
  });

  it('refuses keys that are not RSA or too short', () => {
    expect(() => signalKeysFrom(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey)).toThrow(/RSA/);
    expect(() => signalKeysFrom(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey)).toThrow(/2048/);
  });
});
