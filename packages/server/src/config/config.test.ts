import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLogRulesConfig } from './logRulesConfig.js';
import { readOrCreateSecret } from './secrets.js';
import { readServerConfig } from './serverConfig.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tarmac-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('readOrCreateSecret', () => {
  it('creates an owner-only secret once and returns the same one later', () => {
    const file = join(dir, 'secret');
    const first = readOrCreateSecret(file);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(file)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });
});

describe('readServerConfig', () => {
  it('uses defaults for an empty environment', () => {
    const config = readServerConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', version: 'dev', logRules: undefined });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads the log rules of the config file', () => {
    const file = join(dir, 'tarmac.json');
    writeFileSync(file, JSON.stringify({ logs: { stopLogging: true, ignore: [{ message: 'ResizeObserver' }] } }));
    expect(readServerConfig({ TARMAC_CONFIG: file, PORT: '9000' })).toMatchObject({
      port: 9000,
      logRules: { stopLogging: true, ignore: [{ message: 'ResizeObserver' }] },
    });
  });

  it('names the problem in a bad environment or config file', () => {
    expect(() => readServerConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ logs: ');
    expect(() => readServerConfig({ TARMAC_CONFIG: file })).toThrow(/not valid JSON/);
  });
});

describe('readLogRulesConfig', () => {
  it('keeps valid fields', () => {
    const value = { message: 'hi', ignore: [{ level: 2, fileName: 'x.js' }], platformIgnores: [{ userAgent: 'Old', message: 'm' }], stopLogging: false };
    expect(readLogRulesConfig(value)).toEqual(value);
  });

  it.each([
    [[], /^logs must be object$/],
    [{ ignore: {} }, /^logs\.ignore must be array$/],
    [{ ignore: [{ level: 'high' }] }, /^logs\.ignore\[0\]\.level must be integer$/],
    [{ platformIgnores: [{ message: 'x' }] }, /^logs\.platformIgnores\[0\]\.userAgent is required$/],
    [{ stopLogging: 'yes' }, /^logs\.stopLogging must be boolean$/],
    [{ ignores: [] }, /^logs\.ignores is not a known field$/],
  ])('refuses %j', (value, error) => {
    expect(() => readLogRulesConfig(value)).toThrow(error);
  });
});

describe('the log rules of a config file', () => {
  // Limits the hand-written parser did not check; the console's settings route always did.
  it.each([
    ['a level out of range', { ignore: [{ level: 6 }] }, /^logs\.ignore\[0\]\.level must be <= 5$/],
    ['a level below range', { ignore: [{ level: 0 }] }, /^logs\.ignore\[0\]\.level must be >= 1$/],
    ['201 rules', { ignore: Array.from({ length: 201 }, () => ({ message: 'x' })) }, /^logs\.ignore must NOT have more than 200 items$/],
    ['a 1001-character pattern', { ignore: [{ message: 'x'.repeat(1001) }] }, /^logs\.ignore\[0\]\.message must NOT have more than 1000 characters$/],
  ])('refuses %s, naming the field and the limit', (_, logs, error) => {
    const file = join(dir, 'tarmac.json');
    writeFileSync(file, JSON.stringify({ logs }));
    expect(() => readServerConfig({ TARMAC_CONFIG: file })).toThrow(error);
  });

  it('takes 200 rules of 1000 characters at levels 1 to 5', () => {
    const ignore = Array.from({ length: 200 }, (_, i) => ({ message: 'x'.repeat(1000), level: (i % 5) + 1 }));
    const file = join(dir, 'tarmac.json');
    writeFileSync(file, JSON.stringify({ logs: { ignore } }));
    expect(readServerConfig({ TARMAC_CONFIG: file }).logRules?.ignore).toHaveLength(200);
  });
});

describe('the HTTP settings of readServerConfig', () => {
  it('defaults to generous ingest limits, 10 failed tokens a minute and no trusted proxy', () => {
    expect(readServerConfig({})).toMatchObject({ trustProxy: [], rateLimits: { ingestPerMinute: 1200, authFailuresPerMinute: 10 } });
  });

  it('reads the limits (0 turns one off) and the trusted proxies', () => {
    const config = readServerConfig({ RATE_LIMIT_INGEST: '30', RATE_LIMIT_CONSOLE_AUTH: '0', TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' });
    expect(config.rateLimits).toEqual({ ingestPerMinute: 30, authFailuresPerMinute: 0 });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
  });

  it.each([
    [{ RATE_LIMIT_INGEST: 'lots' }, /RATE_LIMIT_INGEST/],
    [{ RATE_LIMIT_INGEST: '-5' }, /RATE_LIMIT_INGEST/],
    [{ RATE_LIMIT_CONSOLE_AUTH: '2.5' }, /RATE_LIMIT_CONSOLE_AUTH/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY.*"true"/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY/],
  ])('refuses %j, naming the variable', (env, error) => {
    expect(() => readServerConfig(env)).toThrow(error);
  });
});
