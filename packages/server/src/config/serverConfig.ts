import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeoSettings } from '../consent/regime.js';
import type { RateLimitSettings } from '../http/rateLimits.js';
import type { LogRules } from '../logs/contract.js';
import { defaultPaths } from '../paths.js';
import { readGeoConfig } from './geoConfig.js';
import { readRateLimits, readTrustProxy } from './httpConfig.js';
import type { IngestConfig } from './ingestConfig.js';
import { readIngestConfig } from './ingestConfig.js';
import { readLogRulesConfig } from './logRulesConfig.js';

/** Everything `main.ts` takes from the environment (and the optional config file). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  version: string;
  consoleToken: string | undefined;
  sessionSecret: string | undefined;
  databaseUrl: string | undefined;
  logRules: LogRules | undefined;
  /** PEM file of the signals key pair (SIGNALS_KEY_FILE); defaults to one in the data directory. */
  signalsKeyFile: string | undefined;
  /** Browsers reach the site over HTTPS, here or at the proxy (TARMAC_HTTPS): HSTS is sent. */
  https: boolean;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none. */
  trustProxy: string[];
  /** Per-client limits (RATE_LIMIT_INGEST, RATE_LIMIT_CONSOLE_AUTH). */
  rateLimits: RateLimitSettings;
  /** NATS_URL, NATS_STREAM, INGEST_WRITERS: see ingestConfig.ts. */
  ingest: IngestConfig;
  /** Where the visitor's country and region come from (GEO_COUNTRY_HEADER, GEO_REGION_HEADER, TARMAC_DEFAULT_COUNTRY). */
  geo: GeoSettings;
}

/**
 * Reads PORT, HOST, DATA_DIR, R9_VERSION, CONSOLE_TOKEN, SESSION_SECRET, DATABASE_URL, SIGNALS_KEY_FILE,
 * TRUST_PROXY, RATE_LIMIT_INGEST, RATE_LIMIT_CONSOLE_AUTH, NATS_URL, NATS_STREAM, INGEST_WRITERS,
 * GEO_COUNTRY_HEADER, GEO_REGION_HEADER, TARMAC_DEFAULT_COUNTRY and TARMAC_CONFIG (a JSON file
 * `{logs: LogRules}`). Invalid values throw with the variable's name, so a misconfigured
 * server never starts half right.
 */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  let logRules: LogRules | undefined;
  if (env.TARMAC_CONFIG) {
    const text = readFileSync(env.TARMAC_CONFIG, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`TARMAC_CONFIG ${env.TARMAC_CONFIG} is not valid JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const logs = (parsed as { logs?: unknown } | null)?.logs;
    if (logs !== undefined) logRules = readLogRulesConfig(logs);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// URL');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || defaultPaths.dataDir,
    version: env.R9_VERSION || 'dev',
    consoleToken: env.CONSOLE_TOKEN || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    databaseUrl,
    logRules,
    signalsKeyFile: env.SIGNALS_KEY_FILE || undefined,
    https: readFlag(env, 'TARMAC_HTTPS'),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    rateLimits: readRateLimits(env),
    ingest: readIngestConfig(env, databaseUrl),
    geo: readGeoConfig(env),
  };
}

/** A yes/no variable: `1`/`true` or `0`/`false`/unset; anything else is a mistake worth stopping for. */
function readFlag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = (env[name] ?? '').trim().toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '' || value === '0' || value === 'false') return false;
  throw new Error(`${name} must be 1, true, 0 or false, got "${env[name]}"`);
}

/** Where the data directory keeps generated secrets and the database. */
export const dataFiles = (dataDir: string) => ({
  consoleToken: join(dataDir, 'console-token'),
  sessionSecret: join(dataDir, 'session-secret'),
  database: join(dataDir, 'tarmac.db'),
  signalsKey: join(dataDir, 'signals-key.pem'),
});
