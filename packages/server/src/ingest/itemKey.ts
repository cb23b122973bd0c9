import { createHash } from 'node:crypto';
import type { IngestItem } from './contract.js';

/**
 * The idempotency key of a queued item, sent as `Nats-Msg-Id` so that JetStream drops a re-sent
 * copy (the page retried after a lost reply) before any writer sees it. Built only from ids the
 * page chose, so every retry of one body gets the same key; null when any part of the body has no
 * id (pages older than ids): a key made of the other parts could then match a different body and
 * JetStream would drop it as a copy.
 */
export function itemKey(item: IngestItem): string | null {
  if (item.kind === 'perf') return item.report.id === null ? null : `perf:${item.report.id}`;
  const ids =
    item.kind === 'logs' ? item.batch.records.map((record) => record.messageId) : item.hits.map((hit) => hit.id);
  const dropId = item.kind === 'logs' ? item.batch.dropped?.id : item.dropped?.id;
  if (ids.some((id) => id === undefined)) return null;
  if (ids.length === 0 && dropId === undefined) return null;
  // Sorted: a batch re-sent in another order is the same batch. Lengths keep ids from running
  // into each other ('a' + 'bc' is not 'ab' + 'c').
  const parts = [...(ids as string[])].sort().map((id) => `${id.length}:${id}`);
  const digest = createHash('sha256').update(parts.join('')).update(`|drop:${dropId ?? ''}`).digest('base64url');
  return `${item.kind}:${digest}`;
}
