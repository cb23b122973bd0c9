/**
 * Shared delivery for every product that reports to the server. Products build one transport
 * with `createTransport`; the lower pieces are exported for senders with a single report and
 * no queue (performance reporting: one form body by beacon, else XHR).
 */
export { createTransport } from './createTransport.js';
export type { EncodeMeta, Transport, TransportOptions } from './createTransport.js';
export { createBatchQueue } from './batchQueue.js';
export type { BatchQueue, BatchQueueOptions, Coalesce } from './batchQueue.js';
export { httpRequest, KEEPALIVE_LIMIT_BYTES } from './httpRequest.js';
export type { HttpRequest, HttpResult } from './httpRequest.js';
export { sendBeacon } from './beacon.js';
export { onPageExit } from './pageExit.js';
export type { PageExitReason } from './pageExit.js';
export { backoffDelay, DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, withRetry } from './retry.js';
export type { RetryPolicy, Wait } from './retry.js';
export { jsonByteLength, utf8ByteLength } from './byteLength.js';
