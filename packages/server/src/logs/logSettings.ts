import type { Storage } from '../storage/types.js';
import type { ClientLogReply } from './contract.js';

/** Reads and writes the operator's log settings as the ingest reply and the console see them. */
export interface LogSettings {
  get(): Promise<ClientLogReply>;
  set(settings: ClientLogReply): Promise<ClientLogReply>;
}

/**
 * Settings saved from the console win; until the operator saves any, the config file's rules
 * apply. Reading them per request (not caching) keeps several server instances sharing one
 * store in agreement.
 */
export function createLogSettings(storage: Storage, defaults: ClientLogReply = {}): LogSettings {
  return {
    async get() {
      return (await storage.getLogSettings()) ?? defaults;
    },
    async set(settings) {
      await storage.setLogSettings(settings);
      return settings;
    },
  };
}
