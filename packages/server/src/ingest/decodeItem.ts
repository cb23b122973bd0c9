import type { IngestItem } from './contract.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A queued message back into the item a route accepted, or null when it is not one: not JSON,
 * or not the shape any instance publishes (jetstreamSink.ts). The routes validated the content
 * before publishing, so only the envelope is checked here; a message that fails is one no
 * writer can ever store, and waiting for it would block nothing but itself.
 */
export function decodeItem(data: Uint8Array): IngestItem | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if (value.kind === 'logs') {
    return isObject(value.batch) && Array.isArray(value.batch.records) ? (value as IngestItem) : null;
  }
  if (value.kind === 'perf') return isObject(value.report) ? (value as IngestItem) : null;
  if (value.kind === 'analytics') {
    return Array.isArray(value.hits) && (value.dropped === undefined || isObject(value.dropped)) ? (value as IngestItem) : null;
  }
  return null;
}
