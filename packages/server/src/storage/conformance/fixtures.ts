import type { NewAlertDelivery } from '../../alerts/ports.js';
import type { AlertRuleInput } from '../../alerts/contract.js';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { NewConsentChoice } from '../../consent/consentStorage.js';
import type { StoredDropReport } from '../../drops/contract.js';
import type { ClientLogInsert, NewClientLog } from '../../logs/ports.js';
import type { BrowserFamily } from '../../perf/browserFamily.js';
import { NT_COUNT_FIELDS, NT_TIME_FIELDS } from '../../perf/contract.js';
import type { PerfReport } from '../../perf/contract.js';
import type { NewSignalReport, Signals } from '../../signals/contract.js';

// Built here rather than taken from the `testing/` folders: this folder is part of the server's
// compiled sources, which may not import files the build leaves out.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/**
 * Midnight UTC three days ago: every suite's times are offsets from it. Recent on purpose, so a
 * store that keeps time-ordered rows in day partitions or trims old ones holds them as it would
 * live traffic; whole days, so bucket starts are easy to state.
 */
export const T0 = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;

/** The UTC day of `at` as the consent summary names it. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** A client-log record as prepareBatch() makes it, received at T0 + 1 s unless overridden. */
export function logRecord(overrides: Partial<NewClientLog> = {}): NewClientLog {
  return {
    messageId: 'm-1',
    groupId: 'g-1',
    product: 'flights',
    level: 4,
    type: 'uncaught',
    message: 'TypeError: x is undefined',
    fileName: 'https://example.test/assets/app.js',
    lineNo: 10,
    colNo: 5,
    stackTrace: ['at run (app.js:10:5)'],
    parsedStackTrace: [{ functionName: 'run', fileName: 'app.js', lineNo: 10, colNo: 5 }],
    occurrences: 1,
    receivedAt: T0 + 1_000,
    url: 'https://example.test/flights',
    userAgent: 'TestAgent/1.0',
    extraArgs: [],
    context: {},
    ...overrides,
  };
}

/** A log record of group `g-1` sent from a page of `release` (no release when null). */
export function releaseRecord(messageId: string, release: string | null, overrides: Partial<NewClientLog> = {}): NewClientLog {
  return logRecord({ messageId, context: release === null ? {} : { r9Version: release }, ...overrides });
}

/** A log batch of `records`, nothing ignored, no drop report, unless overridden. */
export function logBatch(records: NewClientLog[], overrides: Partial<ClientLogInsert> = {}): ClientLogInsert {
  return { records, ignored: 0, ...overrides };
}

/** One user agent per browser family, as the browsers send them. */
export const BROWSER_AGENTS: Record<BrowserFamily, string | null> = {
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  webkit: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  other: null,
};

/** A performance report as parsePerfReport() makes it: an id, some timing and vitals. */
export function perfReport(overrides: Partial<PerfReport> = {}): PerfReport {
  const unset = Object.fromEntries([...NT_TIME_FIELDS, ...NT_COUNT_FIELDS].map((field) => [field, null])) as PerfReport['timing'];
  return {
    id: 'p-1',
    receivedAt: T0 + 1_000,
    url: 'https://site.test/',
    vertical: 'flights',
    pageId: 'home',
    subPageId: 'main',
    pageTag: null,
    userAgent: 'TestAgent/1.0',
    navStart: T0 - 2_000,
    protocol: 'h2',
    timing: { ...unset, nt_fet_st: T0 - 1_990, nt_res_end: T0 - 1_500, nt_red_cnt: 0, nt_trn_size: 5120 },
    vitals: { wv_lcp: 1234.5, wv_cls: 0.012, wv_inp: null, wv_fid: null, wv_fcp: null, wv_ttfb: 180 },
    nav: 'hard',
    attribution: null,
    ...overrides,
  };
}

/** An analytics page view as the route stores it, with its client id. */
export function analyticsHit(overrides: Partial<StoredAnalyticsHit> = {}): StoredAnalyticsHit {
  return {
    id: 'h-1',
    type: 'pageview',
    path: '/vs/page/flights/home/-',
    timestamp: T0 + 900,
    receivedAt: T0 + 1_000,
    vertical: 'flights',
    locale: 'en',
    affiliate: 'acme',
    ...overrides,
  };
}

/** A page's drop report as toStoredDrops() makes it for a log batch of product `flights`. */
export function dropReport(overrides: Partial<StoredDropReport> = {}): StoredDropReport {
  return { id: 'r-1', source: 'logs', product: 'flights', receivedAt: T0 + 2 * HOUR + 10, counts: { queue_full: 3 }, ...overrides };
}

/** A banner choice as the consent service stores it. */
export function consentChoice(overrides: Partial<NewConsentChoice> = {}): NewConsentChoice {
  return {
    visitorId: 'visitor-1',
    createdAt: T0 + HOUR,
    choice: 'accept_all',
    tcString: 'CQAAAAAQAAAAAAAAAAENBYFgAAAAAAAAAAAAAAAAAAAA.IAAA',
    gvlVersion: 98,
    policyVersion: 5,
    language: 'en',
    userAgent: 'TestAgent/1.0',
    purposes: [1, 2, 3],
    specialFeatures: [1],
    vendors: [10, 20],
    objectedPurposes: [],
    objectedVendors: [],
    disclosedVendors: [10, 20, 30],
    reconsentReason: null,
    country: 'ES',
    ...overrides,
  };
}

/** What an ordinary desktop browser's collector reports, varied through `overrides`. */
export function personSignals(overrides: Partial<Signals> = {}): Signals {
  return {
    screen: { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, colorDepth: 24, pixelRatio: 1 },
    fonts: ['Arial', 'Calibri', 'Segoe UI'],
    touch: { maxTouchPoints: 0, touchEvent: false, touchStart: false },
    timeZone: { name: 'Europe/Madrid', offset: -60 },
    languages: ['es-ES', 'en'],
    automation: [],
    ...overrides,
  };
}

/** An accepted browser-signal report with a person's signals. */
export function signalReport(overrides: Partial<NewSignalReport> = {}): NewSignalReport {
  return {
    nonce: 'nonce-1',
    receivedAt: T0 + 1_000,
    clientTs: T0 + 990,
    userAgent: 'TestAgent/1.0',
    verdict: { score: 0, automation: false, reasons: [] },
    signals: personSignals(),
    ...overrides,
  };
}

/** An alert rule as the console creates it. */
export function alertRuleInput(overrides: Partial<AlertRuleInput> = {}): AlertRuleInput {
  return {
    name: 'Regressions',
    kind: 'regression',
    webhookUrl: 'https://hooks.example.test/tarmac',
    secret: 'first-secret-0123456789',
    product: 'demo',
    ...overrides,
  };
}

/** A delivery as the evaluator queues it for rule `ruleId`. */
export function alertDelivery(ruleId: number, overrides: Partial<NewAlertDelivery> = {}): NewAlertDelivery {
  return {
    ruleId,
    kind: 'regression',
    dedupeKey: 'event:1',
    subject: 'group:demo:abc',
    summary: 'Regressed in 2.0: boom',
    payload: '{"kind":"regression"}',
    createdAt: T0 + 1_000,
    ...overrides,
  };
}
