import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { AppOptions } from '../app.js';
import { buildApp } from '../app.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import type { Store } from '../storage/ports.js';

/** The console token every test app accepts. */
export const TEST_CONSOLE_TOKEN = 'test-console-token';
/** The session secret of every test app, so tests can compute expected form tokens. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789';

/** A running test app, its store, and a disposer that removes everything it made. */
export interface TestApp {
  app: FastifyInstance;
  storage: Store;
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
  const storage = options.storage ?? createSqliteStore({ file: ':memory:' });
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

/** The current test's app as testAppForEachTest hands it out; closing is left to the hooks. */
export interface PerTestApp extends Omit<TestApp, 'close'> {
  /** Closes this test's app and builds another with `options`, for tests of start-up config. */
  rebuild(options: Partial<AppOptions>): Promise<void>;
}

/**
 * Gives every test of the calling file a fresh app (built before it, closed after it), so tests
 * never see each other's data. The returned object always points at the current test's app.
 */
export function testAppForEachTest(options: Partial<AppOptions> = {}): PerTestApp {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await createTestApp(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): TestApp => {
    if (!current) throw new Error('the test app exists only while a test runs');
    return current;
  };
  return {
    get app() {
      return now().app;
    },
    get storage() {
      return now().storage;
    },
    get siteDir() {
      return now().siteDir;
    },
    async rebuild(other) {
      const old = now();
      current = undefined; // a failed rebuild must not leave afterEach closing it twice
      await old.close();
      current = await createTestApp(other);
    },
  };
}

/** POSTs `body` as JSON to the app; a string goes out as is, so tests can send malformed JSON. */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
