import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.js';
import { buildApp } from '../app.js';
import { createSqliteStorage } from '../storage/sqlite/createSqliteStorage.js';
import type { Storage } from '../storage/types.js';

/** The console token every test app accepts. */
export const TEST_CONSOLE_TOKEN = 'test-console-token';
/** The session secret of every test app, so tests can compute expected form tokens. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789';

/** A running test app, its store, and a disposer that removes everything it made. */
export interface TestApp {
  app: FastifyInstance;
  storage: Storage;
  siteDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on an in-memory SQLite store and throwaway front-end folders holding a
 * tiny built site (`index.html`, one hashed asset) and console, unless `options` says otherwise.
 */
export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const root = mkdtempSync(join(tmpdir(), 'tarmac-app-'));
  const siteDir = join(root, 'site');
  const consoleDir = join(root, 'console');
  for (const dir of [siteDir, consoleDir]) mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><html><head><title>Demo</title></head><body></body></html>');
  writeFileSync(join(siteDir, 'assets', 'app-abc123.js'), 'console.log("demo")');
  writeFileSync(join(siteDir, 'favicon.txt'), 'icon');
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><html><head><title>Console</title></head></html>');
  writeFileSync(join(consoleDir, 'assets', 'console-1.js'), 'console.log("console")');
  const storage = options.storage ?? createSqliteStorage({ file: ':memory:' });
  const app = await buildApp({
    storage,
    consoleToken: TEST_CONSOLE_TOKEN,
    sessionSecret: TEST_SESSION_SECRET,
    siteDir,
    consoleDir,
    version: '2026.1.0',
    ...options,
  });
  return {
    app,
    storage,
    siteDir,
    async close() {
      await app.close();
      await storage.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Headers of a console API call with the valid token. */
export const consoleAuth = { authorization: `Bearer ${TEST_CONSOLE_TOKEN}` };
