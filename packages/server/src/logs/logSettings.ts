import type { SettingsPort } from '../storage/ports.js';
import type { ClientLogReply } from './contract.js';

/** Reads and writes the operator's log settings as the ingest reply and the console see them. */
export interface LogSettings {
  get(): Promise<ClientLogReply>;
  set(settings: ClientLogReply): Promise<ClientLogReply>;
}

/** The store setting that holds them, as JSON (the key older databases already use). */
const LOG_SETTINGS_KEY = 'logs';

/**
 * Settings saved from the console win; until the operator saves any, the config file's rules
 * apply. Reading them per request (not caching) keeps several server instances sharing one
 * store in agreement.
 */
export function createLogSettings(settings: SettingsPort, defaults: ClientLogReply = {}): LogSettings {
  return {
    async get() {
      const saved = await settings.get(LOG_SETTINGS_KEY);
      return saved === null ? defaults : (JSON.parse(saved) as ClientLogReply);
    },
    async set(value) {
      await settings.set(LOG_SETTINGS_KEY, JSON.stringify(value));
      return value;
    },
  };
}
