import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../http/rateLimits.js';
import { generateSignalKeys } from '../signals/signalKeys.js';
import type { CounterPort } from '../http/ports.js';
import type { SettingsPort } from '../settings/ports.js';
import type { StoreEngine } from '../storage/ports.js';
import { memoryCounters, memorySettings } from '../testing/sharedStateFakes.js';
import { resolveSharedState, SETTING_KEYS } from './sharedSecrets.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-shared-'));
  dirs.push(dir);
  return dir;
};
const config = (dir: string, more: { consoleToken?: string; sessionSecret?: string; signalsKeyFile?: string } = {}) => ({
  dataDir: dir,
  consoleToken: more.consoleToken,
  sessionSecret: more.sessionSecret,
  signalsKeyFile: more.signalsKeyFile,
  rateLimits: defaultRateLimits,
});
const storeOf = (engine: StoreEngine, settings: SettingsPort = memorySettings(), counters: CounterPort = memoryCounters()) => ({ engine, settings, counters });
const untouchable: SettingsPort = {
  get: () => Promise.reject(new Error('a SQLite node keeps its state in DATA_DIR')),
  set: () => Promise.reject(new Error('a SQLite node keeps its state in DATA_DIR')),
  getOrCreate: () => Promise.reject(new Error('a SQLite node keeps its state in DATA_DIR')),
};

describe('resolveSharedState on a shared store', () => {
  it('gives instances starting together the same secrets, made by whichever came first, and nothing in DATA_DIR', async () => {
    const settings = memorySettings();
    const [first, second] = await Promise.all([
      resolveSharedState(config(dataDir()), storeOf('postgres', settings), { env: {} }),
      resolveSharedState(config(dataDir()), storeOf('postgres', settings), { env: {} }),
    ]);
    expect(second.consoleToken).toBe(first.consoleToken);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(first.consoleToken).not.toBe(first.sessionSecret);
    expect(first.consoleToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(settings.values.get(SETTING_KEYS.consoleToken)).toBe(first.consoleToken);
    expect(settings.values.get(SETTING_KEYS.sessionSecret)).toBe(first.sessionSecret);
    for (const dir of dirs) expect(existsSync(join(dir, 'console-token'))).toBe(false);
  });

  it('lets CONSOLE_TOKEN and SESSION_SECRET win, storing nothing for them', async () => {
    const settings = memorySettings();
    const state = await resolveSharedState(config(dataDir(), { consoleToken: 'from-env-token', sessionSecret: 'from-env-secret-0123456789' }), storeOf('postgres', settings), { env: {} });
    expect(state).toMatchObject({ consoleToken: 'from-env-token', sessionSecret: 'from-env-secret-0123456789' });
    expect(settings.values.size).toBe(0);
  });

  it('keeps the key ring and the rate-limit counters in the store', async () => {
    const settings = memorySettings();
    const counters = memoryCounters();
    const onA = await resolveSharedState(config(dataDir()), storeOf('postgres', settings, counters), { env: { SIGNALS_KEY_GRACE_MINUTES: '20' } });
    const onB = await resolveSharedState(config(dataDir()), storeOf('postgres', settings, counters), { env: { SIGNALS_KEY_GRACE_MINUTES: '20' } });
    expect(onA.rateLimits).toEqual({ ...defaultRateLimits, counters });
    await onA.signalKeys.refresh();
    await onB.signalKeys.refresh();
    expect(onB.signalKeys.current().kid).toBe(onA.signalKeys.current().kid);
    expect(onA.signalKeys.state().graceSeconds).toBe(1200);
  });

  it("seeds the ring with SIGNALS_KEY_FILE's key, so a node moving to a shared store keeps it", async () => {
    const dir = dataDir();
    const keys = generateSignalKeys();
    const file = join(dir, 'old-node.pem');
    writeFileSync(file, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    const state = await resolveSharedState(config(dir, { signalsKeyFile: file }), storeOf('postgres'), { env: {} });
    await state.signalKeys.refresh();
    expect(state.signalKeys.current().kid).toBe(keys.kid);
  });
});

describe('resolveSharedState on SQLite', () => {
  it('keeps secrets and the key ring in DATA_DIR as always, counters in memory, the store untouched', async () => {
    const dir = dataDir();
    const state = await resolveSharedState(config(dir), storeOf('sqlite', untouchable), { env: {} });
    expect(readFileSync(join(dir, 'console-token'), 'utf8').trim()).toBe(state.consoleToken);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(state.sessionSecret);
    expect(existsSync(join(dir, 'signals-key.pem'))).toBe(true);
    expect(state.rateLimits).toBe(defaultRateLimits);
    const again = await resolveSharedState(config(dir), storeOf('sqlite', untouchable), { env: {} });
    expect(again.consoleToken).toBe(state.consoleToken);
    expect(again.signalKeys.current().kid).toBe(state.signalKeys.current().kid);
  });
});
