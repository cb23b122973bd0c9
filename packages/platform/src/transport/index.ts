/**
 * Shared delivery for every product that reports to the server. Products build one transport
 * with `createTransport`; the lower pieces are exported for senders with a single report and
 * no queue (performance reporting: one form body by beacon, else fetch with keepalive).
 */
// The logger's e-mail rule, for the server's second pass over what it stores (one rule, one test
// table: logger/testing/emailScrubCases.ts). Exported from this entry, not ./logger: every export
// name costs the logger entry bytes against its size budget, which it is at, and this entry has
// no budget of its own (pages import the products, never it). First in this file, where the
// logger bundle stays no larger (measured 3494 B gzip, 3497 B without it; placed last, 3498 B).
export { EMAIL_ADDRESS } from '../logger/scrub.js';
export { createTransport } from './createTransport.js';
export type { Transport, TransportOptions } from './createTransport.js';
export { httpRequest } from './httpRequest.js';
export type { HttpRequest, HttpResult } from './httpRequest.js';
export { sendBeacon } from './beacon.js';
export { onPageExit } from './pageExit.js';
export type { PageExitReason } from './pageExit.js';
export type { DropReason, DropReport } from './dropReport.js';
