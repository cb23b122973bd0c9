/**
 * Shared delivery for every product that reports to the server. Products build one transport
 * with `createTransport`; the lower pieces are exported for senders with a single report and
 * no queue (performance reporting: one form body by beacon, else XHR).
 */
export { createTransport } from './createTransport.js';
export type { Transport, TransportOptions } from './createTransport.js';
export { httpRequest } from './httpRequest.js';
export type { HttpRequest, HttpResult } from './httpRequest.js';
export { sendBeacon } from './beacon.js';
export { onPageExit } from './pageExit.js';
export type { PageExitReason } from './pageExit.js';
export type { DropReason, DropReport } from './dropReport.js';
