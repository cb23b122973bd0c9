import { describe, expect, it, vi } from 'vitest';
import { redactUrl, resolveService, ServiceUnavailableError } from './serviceResolution.mjs';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A spec whose probes answer for the URLs in `answering`; every action is a spy. */
function spec({ env = {}, answering = [], present = false, canInstall = false, installs = false } = {}) {
  const stopPrivate = vi.fn(async () => {});
  return {
    name: 'PostgreSQL',
    envVar: 'TEST_DATABASE_URL',
    env,
    localUrl: LOCAL,
    probe: vi.fn(async (url) => answering.includes(url)),
    binariesPresent: vi.fn(() => present),
    canInstall: vi.fn(() => canInstall),
    install: vi.fn(async () => installs),
    startPrivate: vi.fn(async () => ({ url: 'postgres://postgres@127.0.0.1:40001/postgres', stop: stopPrivate })),
    help: 'HOW TO PROVIDE IT',
    stopPrivate,
  };
}

describe('resolveService', () => {
  it('takes the URL from the environment when it answers, without looking further', async () => {
    const s = spec({ env: { TEST_DATABASE_URL: 'postgres://ci@db:5432/x' }, answering: ['postgres://ci@db:5432/x', LOCAL] });
    expect(await resolveService(s)).toMatchObject({ source: 'env', url: 'postgres://ci@db:5432/x' });
    expect(s.probe).toHaveBeenCalledTimes(1);
    expect(s.startPrivate).not.toHaveBeenCalled();
  });

  it('refuses a URL from the environment that does not answer, rather than using another server', async () => {
    const s = spec({ env: { TEST_DATABASE_URL: 'postgres://ci:hunter2@db:5432/x' }, answering: [LOCAL] });
    const error = await resolveService(s).catch((e) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.message).toContain('TEST_DATABASE_URL is set to postgres://ci:***@db:5432/x');
    expect(error.message).not.toContain('hunter2');
    expect(s.startPrivate).not.toHaveBeenCalled();
  });

  it('uses the server on the standard local port when the variable is unset', async () => {
    const s = spec({ answering: [LOCAL], present: true });
    expect(await resolveService(s)).toMatchObject({ source: 'local', url: LOCAL });
    expect(s.startPrivate).not.toHaveBeenCalled();
  });

  it('counts a probe that throws as no answer', async () => {
    const s = spec({ present: true });
    s.probe.mockRejectedValue(new Error('ECONNREFUSED'));
    expect(await resolveService(s)).toMatchObject({ source: 'private' });
  });

  it('starts a private instance from installed binaries without installing anything', async () => {
    const s = spec({ present: true, canInstall: true });
    const found = await resolveService(s);
    expect(found).toMatchObject({ source: 'private', url: 'postgres://postgres@127.0.0.1:40001/postgres' });
    expect(s.install).not.toHaveBeenCalled();
    await found.stop();
    expect(s.stopPrivate).toHaveBeenCalledTimes(1);
  });

  it('installs the binaries when missing and allowed, then starts a private instance', async () => {
    const s = spec({ canInstall: true, installs: true });
    expect(await resolveService(s)).toMatchObject({ source: 'private' });
    expect(s.install).toHaveBeenCalledTimes(1);
    expect(s.startPrivate).toHaveBeenCalledTimes(1);
  });

  it('stops with how to provide the service when it may not install, or the install fails', async () => {
    for (const s of [spec({ canInstall: false }), spec({ canInstall: true, installs: false })]) {
      const error = await resolveService(s).catch((e) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error.message).toMatch(/No PostgreSQL for the tests: TEST_DATABASE_URL is unset, nothing answers at .*\nHOW TO PROVIDE IT$/);
      expect(s.startPrivate).not.toHaveBeenCalled();
    }
  });

  it('reports a failing private start as it is', async () => {
    const s = spec({ present: true });
    s.startPrivate.mockRejectedValue(new Error('initdb failed'));
    await expect(resolveService(s)).rejects.toThrow('initdb failed');
  });
});

describe('redactUrl', () => {
  it('hides a password and leaves the rest', () => {
    expect(redactUrl('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(redactUrl('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222');
    expect(redactUrl('not a url')).toBe('(not a URL)');
  });
});
