import Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { AppOptions } from '../app.js';
import { RESERVED_KEYS } from '../http/strictInput.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { formTokenFor, SESSION_COOKIE } from '../site/formToken.js';
import type { TestApp } from './testApp.js';
import { createTestApp, TEST_SESSION_SECRET } from './testApp.js';

/** Runs per property: enough to find the odd body, few enough to keep unit tests quick. */
export const PROPERTY_RUNS = 200;
/** Time a property may take: a few seconds alone, more on a machine busy with other suites. */
export const PROPERTY_TIMEOUT_MS = 60_000;

/** A test app on a database file, with a second, read-only connection that counts every table. */
export interface CountingApp extends TestApp {
  /** Rows per table, right now. */
  rowCounts(): Record<string, number>;
  /**
   * Writes the rollup sums still in memory. The perf and analytics rollups are written about
   * once a second (storage/sqlite/pendingRollups.ts), so without this a timer's write of an
   * earlier request's sums could show as rows this request stored.
   */
  settleRollups(): Promise<void>;
  /** One number from a read-only query, e.g. `SELECT COUNT(*) FROM perf_reports WHERE client_id = ?`. */
  count(sql: string, ...params: unknown[]): number;
  /** The first column of the first row of a read-only query, as stored. */
  read(sql: string, ...params: unknown[]): unknown;
  /** A session's cookie header and its form token, for consent and signals. */
  session: { cookie: string; token: string };
}

/**
 * The real app storing into a throwaway SQLite file, so a property can compare every table
 * before and after a request: the proof that a refused body stored nothing, whichever table a
 * bug would have written to.
 */
export async function createCountingApp(options: Partial<AppOptions> = {}): Promise<CountingApp> {
  // In memory where the system has it: with synchronous=FULL each write waits for an fsync,
  // which a disk makes cost more than the property itself; durability is not what is tested here.
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'tarmac-property-'));
  const file = join(dir, 'tarmac.db');
  const storage = createSqliteStore({ file });
  const test = await createTestApp({ ...options, storage });
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  const sid = randomBytes(32).toString('base64url');
  const tables = reader
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .pluck()
    .all() as string[];
  return {
    ...test,
    rowCounts: () => Object.fromEntries(tables.map((name) => [name, reader.prepare(`SELECT COUNT(*) FROM "${name}"`).pluck().get() as number])),
    // A rollup read writes what is pending first; no pieces or an empty window, so it reads nothing itself.
    async settleRollups() {
      await storage.query.perf.readPerfRollups({ pieces: [] });
      await storage.query.analytics.countAnalytics({ from: 0, to: 0 }, 'vertical', 1);
    },
    count: (sql, ...params) => reader.prepare(sql).pluck().get(...params) as number,
    read: (sql, ...params) => reader.prepare(sql).pluck().get(...params),
    session: { cookie: `${SESSION_COOKIE}=${sid}`, token: formTokenFor(TEST_SESSION_SECRET, sid) },
    async close() {
      reader.close();
      await test.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The ingest invariant for one request: never a 5xx; a 4xx stores nothing (every table as
 * before, and the reply in the `{statusCode, code, reason}` shape); a 2xx stores what the body
 * should have left behind (`stored` answers what is missing, or null). A breach throws, so
 * fast-check shrinks to the smallest body that breaks it.
 */
export async function checkIngest(
  app: CountingApp,
  send: () => Promise<LightMyRequestResponse>,
  stored: (before: Record<string, number>) => string | null,
): Promise<void> {
  await app.settleRollups();
  const before = app.rowCounts();
  const response = await send();
  const status = response.statusCode;
  if (status >= 500) throw new Error(`answered ${status}: ${response.body.slice(0, 300)}`);
  if (status >= 400) {
    const body = response.json() as Record<string, unknown>;
    if (body.statusCode !== status || typeof body.code !== 'string' || typeof body.reason !== 'string')
      throw new Error(`a ${status} not in the error shape: ${response.body.slice(0, 300)}`);
    await app.settleRollups();
    const after = app.rowCounts();
    if (JSON.stringify(after) !== JSON.stringify(before))
      throw new Error(`a ${status} (${String(body.code)}) stored something: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    return;
  }
  if (status < 200 || status >= 300) throw new Error(`answered ${status}`);
  const missing = stored(before);
  if (missing !== null) throw new Error(`a ${status} did not store: ${missing}`);
}

// ——— Arbitraries ———

/** Strings a hostile or broken client sends: control characters, lone surrogates, prototype names, long ones. */
export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  // Single UTF-16 units: lone surrogates included, which no other unit makes.
  fc.string({ unit: fc.nat(0xffff).map((unit) => String.fromCharCode(unit)) }),
  fc.constantFrom('', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud83d\ude00', '\u007f', ' ', '-', '/vs/', '/vs/\u0000', 'x'.repeat(5000)),
  fc.constantFrom(...RESERVED_KEYS),
);

/** Numbers outside every documented range and at their edges; NaN and ±Infinity serialise as null. */
export const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1, 0.5, 1e300, -1e300, 1e308, 2 ** 53, 2 ** 31, 1e9, 1e9 + 1, 946_684_800_000, 4_102_444_800_001),
);

/** Any JSON value, biased to the hostile ones, with objects whose keys may be reserved names. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...RESERVED_KEYS)), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** One change to a valid body: a field set to a hostile value, removed, or a key added. */
export interface Mutation {
  at: number;
  kind: 'set' | 'delete' | 'add';
  key: string;
  value: unknown;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('set', 'delete', 'add'),
  key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...RESERVED_KEYS)),
  value: hostileValue,
});

/**
 * `body` with one mutation applied at one of its objects or arrays (chosen by `at`), as a
 * near-valid body: everything right but one field.
 */
export function mutate(body: unknown, { at, kind, key, value }: Mutation): unknown {
  const copy = structuredClone(body);
  const containers: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    containers.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) walk(child);
  };
  walk(copy);
  const target = containers[at % containers.length]!;
  if (Array.isArray(target)) {
    const i = target.length > 0 ? at % target.length : 0;
    if (kind === 'delete') target.splice(i, 1);
    else if (kind === 'set') target[i] = value;
    else target.push(value);
    return copy;
  }
  const keys = Object.keys(target);
  const existing = keys.length > 0 ? keys[at % keys.length]! : key;
  // defineProperty, so `__proto__` becomes an own key of the JSON as a client would send it.
  if (kind === 'delete') delete target[existing];
  else Object.defineProperty(target, kind === 'set' ? existing : key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
