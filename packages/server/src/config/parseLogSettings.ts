import type { ClientLogReply, IgnoreRule, PlatformIgnoreRule } from '../logs/contract.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalString(source: Json, key: string, where: string): string | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error(`${where}.${key} must be a string`);
  return value;
}

function list<T>(value: unknown, where: string, item: (entry: Json, at: string) => T): T[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new Error(`${where} must be an array`);
  return value.map((entry, i) => {
    if (!isObject(entry)) throw new Error(`${where}[${i}] must be an object`);
    return item(entry, `${where}[${i}]`);
  });
}

function ignoreRule(entry: Json, at: string): IgnoreRule {
  const rule: IgnoreRule = {};
  const message = optionalString(entry, 'message', at);
  const fileName = optionalString(entry, 'fileName', at);
  if (message !== undefined) rule.message = message;
  if (fileName !== undefined) rule.fileName = fileName;
  if (entry.level !== undefined) {
    if (!Number.isInteger(entry.level)) throw new Error(`${at}.level must be an integer`);
    rule.level = entry.level as number;
  }
  return rule;
}

function platformRule(entry: Json, at: string): PlatformIgnoreRule {
  const userAgent = optionalString(entry, 'userAgent', at);
  if (!userAgent) throw new Error(`${at}.userAgent must be a non-empty string`);
  const message = optionalString(entry, 'message', at);
  return message === undefined ? { userAgent } : { userAgent, message };
}

/**
 * Checks the `logs` section of the config file at startup, so a typo stops the server with a
 * message naming the field instead of silently ignoring the operator's rules.
 */
export function parseLogSettings(value: unknown, where = 'logs'): ClientLogReply {
  if (!isObject(value)) throw new Error(`${where} must be an object`);
  const settings: ClientLogReply = {};
  const message = optionalString(value, 'message', where);
  if (message !== undefined) settings.message = message;
  const ignore = list(value.ignore, `${where}.ignore`, ignoreRule);
  if (ignore) settings.ignore = ignore;
  const platformIgnores = list(value.platformIgnores, `${where}.platformIgnores`, platformRule);
  if (platformIgnores) settings.platformIgnores = platformIgnores;
  if (value.stopLogging !== undefined) {
    if (typeof value.stopLogging !== 'boolean') throw new Error(`${where}.stopLogging must be a boolean`);
    settings.stopLogging = value.stopLogging;
  }
  return settings;
}
