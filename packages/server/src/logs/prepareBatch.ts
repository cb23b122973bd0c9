import type { NewClientLog, ClientLogInsert } from './ports.js';
import type { ClientLogBatch, ClientLogMessage, LogRules, ContextValue } from './contract.js';
import { toStoredDrops } from '../drops/dropContract.js';
import { isIgnored } from './ignoreRules.js';
import { scrubEmails } from '../http/scrubEmails.js';
import { wellFormed } from '../http/strictInput.js';

// Free text as stored: addresses scrubbed, unpaired surrogates as U+FFFD (http/strictInput.ts).
const freeText = (text: string): string => scrubEmails(wellFormed(text));

/** What the server knows about a delivery beyond its body. */
export interface DeliveryInfo {
  receivedAt: number;
  userAgent: string | null;
  /** The Referer header: the page URL when the message's context has none. */
  referer: string | null;
}

function scrubContext(context: Record<string, ContextValue>): Record<string, ContextValue> {
  const out: Record<string, ContextValue> = {};
  for (const [key, value] of Object.entries(context)) {
    out[key] = typeof value === 'string' ? freeText(value) : value;
  }
  return out;
}

function toRecord(product: string, m: ClientLogMessage, info: DeliveryInfo): NewClientLog {
  const context = scrubContext(m.context);
  const url = typeof context.url === 'string' ? context.url : info.referer && freeText(info.referer);
  return {
    messageId: m.id,
    // The client's groupId says "same problem"; the same problem on two sites is two groups.
    groupId: `${product}:${m.groupId}`,
    product,
    level: m.level,
    type: m.type,
    message: freeText(m.message),
    fileName: m.fileName === undefined ? null : wellFormed(m.fileName),
    lineNo: m.lineNo ?? null,
    colNo: m.colNo ?? null,
    stackTrace: m.stackTrace.map(freeText),
    parsedStackTrace: m.parsedStackTrace.map((frame) => ({
      ...frame,
      fileName: wellFormed(frame.fileName),
      ...(frame.functionName === undefined ? {} : { functionName: wellFormed(frame.functionName) }),
    })),
    occurrences: m.occurrences,
    receivedAt: info.receivedAt,
    url: url || null,
    userAgent: info.userAgent,
    extraArgs: m.extraArgs.map(freeText),
    context,
  };
}

/**
 * Turns a validated batch into what storage keeps: rules applied (dropped messages only
 * counted), personal data scrubbed again, and server-side facts (time, page, browser) attached.
 * The page's drop report rides along under the batch's product, to be stored in the same
 * transaction.
 */
export function prepareBatch(batch: ClientLogBatch, settings: LogRules, info: DeliveryInfo): ClientLogInsert {
  const records: NewClientLog[] = [];
  let ignored = 0;
  for (const message of batch.messages) {
    // Rules see the scrubbed text, as the browser would have.
    const scrubbed = { ...message, message: freeText(message.message) };
    if (isIgnored(settings, scrubbed, info.userAgent ?? '')) ignored += message.occurrences;
    else records.push(toRecord(batch.product, message, info));
  }
  return { records, ignored, dropped: toStoredDrops(batch.dropped, 'logs', batch.product, info.receivedAt) };
}
