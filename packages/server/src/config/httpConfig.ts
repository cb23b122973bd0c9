import { isIP } from 'node:net';
import type { RateLimitSettings } from '../http/rateLimits.js';
import { defaultRateLimits } from '../http/rateLimits.js';

// The names proxy-addr (Fastify's trustProxy) knows for whole address ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies (IPs, CIDRs, or `loopback`/`linklocal`/`uniquelocal`), comma-separated,
 * whose X-Forwarded-For names the client. Unset: nobody's is believed. Anything else throws,
 * since a typo here would silently count every visitor as the proxy (or believe anyone).
 */
export function readTrustProxy(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) throw new Error(`TRUST_PROXY must list IP addresses or CIDR ranges, got "${bad}"`);
  return entries;
}

function perMinute(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim())) throw new Error(`${name} must be a whole number per minute (0 turns it off), got "${value}"`);
  return Number(value);
}

/** RATE_LIMIT_INGEST and RATE_LIMIT_CONSOLE_AUTH, per client per minute; 0 turns one off. */
export function readRateLimits(env: NodeJS.ProcessEnv): RateLimitSettings {
  return {
    ingestPerMinute: perMinute('RATE_LIMIT_INGEST', env.RATE_LIMIT_INGEST, defaultRateLimits.ingestPerMinute),
    authFailuresPerMinute: perMinute('RATE_LIMIT_CONSOLE_AUTH', env.RATE_LIMIT_CONSOLE_AUTH, defaultRateLimits.authFailuresPerMinute),
  };
}
