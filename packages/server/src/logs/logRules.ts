import type { SettingsPort } from '../settings/ports.js';
import type { LogRules } from './contract.js';

/** Reads and writes the operator's log rules (LogRules) as the ingest reply and the console see them. */
export interface LogRulesService {
  get(): Promise<LogRules>;
  set(settings: LogRules): Promise<LogRules>;
}

/** The store setting that holds them, as JSON; `logs`, the key databases already hold. */
const LOG_RULES_KEY = 'logs';

/** How long an instance answers from its copy before reading the store again, unless configured. */
export const DEFAULT_LOG_RULES_CACHE_MS = 5_000;

export interface LogRulesServiceOptions {
  /** How long a read is reused (DEFAULT_LOG_RULES_CACHE_MS); 0 reads the store every time. */
  cacheMs?: number;
  now?: () => number;
}

/**
 * Rules saved from the console win; until the operator saves any, the config file's rules
 * apply. Every ingest request answers with them, so they are read from the store at most once per
 * `cacheMs` (concurrent requests share the read) rather than once per request: rules saved on
 * one instance apply on every instance sharing the store within that time, and at once on the
 * instance that saved them.
 */
export function createLogRulesService(settings: SettingsPort, defaults: LogRules = {}, options: LogRulesServiceOptions = {}): LogRulesService {
  const { cacheMs = DEFAULT_LOG_RULES_CACHE_MS, now = Date.now } = options;
  let cached: { value: LogRules; at: number } | undefined;
  let reading: Promise<LogRules> | undefined;
  // Bumped by every save, so a read that started before it cannot put the old value back.
  let saves = 0;

  const read = (): Promise<LogRules> => {
    const savesBefore = saves;
    reading ??= settings
      .get(LOG_RULES_KEY)
      .then((saved) => {
        const value = saved === null ? defaults : (JSON.parse(saved) as LogRules);
        if (saves === savesBefore) cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  return {
    async get() {
      if (cached && now() - cached.at < cacheMs) return cached.value;
      return read();
    },
    async set(value) {
      saves += 1;
      await settings.set(LOG_RULES_KEY, JSON.stringify(value));
      cached = { value, at: now() };
      return value;
    },
  };
}
